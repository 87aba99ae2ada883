import type { SiteOptions } from '../site/SiteOptions.js';
import type { ReferenceConfigFile } from './configSchema.js';

/**
 * The website as the configuration asks for it: on unless `site.enabled` is false; heads load
 * from their third-party host only when `site.external_images` is true, so by default browsers
 * fetch nothing from any other host.
 */
export function siteOption(config: ReferenceConfigFile, extra: SiteOptions = {}): SiteOptions | false {
  if (config.site?.enabled === false) return false;
  return {
    ...(config.site?.locale ? { locale: config.site.locale } : {}),
    externalImages: config.site?.external_images ?? false,
    ...extra,
  };
}
