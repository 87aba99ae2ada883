import { en, type Messages } from './messages.js';

/** How the website looks and links (`RouterOptions.site`). Every field is optional. */
export interface SiteOptions {
  /**
   * BCP 47 language tag for the numbers and dates the pages format themselves (`en-GB`, `de`,
   * `fr-CA`). Default `en-GB`. Statistic values keep the API's `display` (`12.4 km`,
   * `3 h 12 min`), so a page shows the same value as the JSON.
   */
  locale?: string;
  /**
   * Player heads load from their configured URL (`textures.head`: a third-party host by
   * default) when true. Default false: heads are the game's default skins for each UUID, and
   * icons (always) the game's textures, from the site's own icon sprite, so the pages make no
   * request to any other host.
   */
  externalImages?: boolean;
  /** Every text of the site: a translation is one table of the same keys (default English). */
  messages?: Messages;
  /**
   * The head of a skin by texture hash (8×8 pixels as 64 `rrggbb`), when known: the reference
   * server's skin cache (`SkinCache.headPixels`). A player whose skin's head is known shows it,
   * drawn by blockstats and served at `/assets/heads/<hash>.png`; the others their default skin.
   */
  heads?: (hash: string) => string | null;
  /**
   * Pages for a static host (`blockstats export`): every link relative to its page, JSON twins
   * pointing at the exported files, and nothing that needs a server (search forms, compare).
   */
  staticExport?: boolean;
}

/** {@link SiteOptions} with every default filled. */
export interface ResolvedSiteOptions {
  locale: string;
  heads: ((hash: string) => string | null) | null;
  externalImages: boolean;
  messages: Messages;
  staticExport: boolean;
}

/** Default locale of the site: day-month dates, as on the player card (`1 May 2024`). */
export const DEFAULT_SITE_LOCALE = 'en-GB';

/**
 * The site's options with defaults, or null when the site is off. A bad locale is a
 * programming error, thrown when the router is created rather than on the first page.
 *
 * @example
 * resolveSiteOptions(true); // { locale: 'en-GB', heads: null, externalImages: false, messages: en, staticExport: false }
 * resolveSiteOptions(undefined); // null
 */
export function resolveSiteOptions(site: boolean | SiteOptions | undefined): ResolvedSiteOptions | null {
  if (site === undefined || site === false) return null;
  const options: SiteOptions = site === true ? {} : site;
  let locale = DEFAULT_SITE_LOCALE;
  if (options.locale !== undefined) {
    try {
      locale = Intl.getCanonicalLocales(options.locale)[0] ?? DEFAULT_SITE_LOCALE;
    } catch {
      throw new RangeError(`createRouter: site.locale must be a BCP 47 language tag such as "en-GB" or "de", got ${JSON.stringify(options.locale)}`);
    }
  }
  return {
    locale,
    externalImages: options.externalImages ?? false,
    heads: options.heads ?? null,
    messages: options.messages ?? en,
    staticExport: options.staticExport ?? false,
  };
}
