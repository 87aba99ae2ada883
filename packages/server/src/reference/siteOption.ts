import type { SiteOptions } from '../site/SiteOptions.js';
import type { ReferenceConfigFile } from './configSchema.js';
import { readMessageOverrides } from './readMessageOverrides.js';

/**
 * The website as the configuration asks for it: on unless `site.enabled` is false; heads load
 * from their third-party host only when `site.external_images` is true, so by default browsers
 * fetch nothing from any other host. `site.messages_file` is read here: a bad one is a
 * ConfigError at start.
 */
export function siteOption(config: ReferenceConfigFile, extra: SiteOptions = {}): SiteOptions | false {
  if (config.site?.enabled === false) return false;
  return {
    ...(config.site?.locale ? { locale: config.site.locale } : {}),
    ...(config.site?.messages_file ? { translations: readMessageOverrides(config.site.messages_file) } : {}),
    externalImages: config.site?.external_images ?? false,
    ...extra,
  };
}
