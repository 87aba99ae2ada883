import type { SiteOptions } from '../site/SiteOptions.js';
import type { ReferenceConfigFile } from './configSchema.js';
import { readMessageOverrides } from './readMessageOverrides.js';

/**
 * The website as the configuration asks for it: on unless `site.enabled` is false; heads and
 * icons load from their hosts unless `site.external_images` (or, by default, `skins.enabled`)
 * is false, so a server that looks nothing up also makes browsers fetch nothing elsewhere.
 * `site.messages_file` is read here: a bad one is a ConfigError at start.
 */
export function siteOption(config: ReferenceConfigFile, extra: SiteOptions = {}): SiteOptions | false {
  if (config.site?.enabled === false) return false;
  return {
    ...(config.site?.locale ? { locale: config.site.locale } : {}),
    ...(config.site?.messages_file ? { translations: readMessageOverrides(config.site.messages_file) } : {}),
    externalImages: config.site?.external_images ?? config.skins?.enabled !== false,
    ...extra,
  };
}
