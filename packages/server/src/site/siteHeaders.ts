import type { Snapshot } from '@blockstats/core';
import type { ResolvedSiteOptions } from './SiteOptions.js';
import { THEME_SCRIPT_HASH } from './assets/themeScript.js';

/** The origin of a URL template (`https://mc-heads.net/avatar/{id}` → `https://mc-heads.net`), or null. */
function templateOrigin(template: string | null | undefined): string | null {
  if (!template) return null;
  try {
    const url = new URL(template.replace(/\{\w+\}/g, 'x'));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The headers of every HTML page: type, `Vary: Accept` (the same path answers JSON clients
 * with a problem) and `Accept-Language` when several languages are offered (a URL without
 * `lang` speaks the browser's), and a Content-Security-Policy that allows only the site's own
 * script, style and fonts (and the theme's inline script, by its hash: never 'unsafe-inline') and,
 * when external images are on, the configured head host, so a hostile player name can never
 * become markup that runs, and pages load nothing else.
 */
export function siteHeaders(site: ResolvedSiteOptions, snapshot: Snapshot | null): Headers {
  const images = ["'self'", 'data:'];
  if (site.externalImages && snapshot) {
    const origin = templateOrigin(snapshot.config.texture_templates?.head);
    if (origin) images.push(origin);
  }
  return new Headers({
    'content-type': 'text/html; charset=utf-8',
    vary: site.languages.size > 1 ? 'Accept, Accept-Language' : 'Accept',
    'content-security-policy': `default-src 'none'; script-src 'self' ${THEME_SCRIPT_HASH}; style-src 'self'; font-src 'self'; img-src ${images.join(' ')}; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  });
}
