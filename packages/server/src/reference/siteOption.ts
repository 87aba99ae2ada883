import type { SiteOptions } from '../site/SiteOptions.js';
import type { ReferenceConfigFile } from './configSchema.js';

/**
 * The website as the configuration asks for it: on unless `site.enabled` is false; heads and
 * icons load from their hosts unless `site.external_images` (or, by default, `skins.enabled`)
 * is false, so a server that looks nothing up also makes browsers fetch nothing elsewhere.
 */
export function siteOption(config: ReferenceConfigFile, extra: SiteOptions = {}): SiteOptions | false {
  if (config.site?.enabled === false) return false;
  return {
    ...(config.site?.locale ? { locale: config.site.locale } : {}),
    externalImages: config.site?.external_images ?? config.skins?.enabled !== false,
    ...extra,
  };
}
