import { findLanguage, LANGUAGE_TAGS, type Language } from '../i18n/languages.js';
import { translations } from '../i18n/translations.js';
import type { Message, MessageKey, Messages } from './messages.js';

/** Some messages of a language, added to or replacing its shipped table. */
export type MessageOverrides = Readonly<Partial<Record<MessageKey, Message>>>;

/** How the website looks and links (`RouterOptions.site`). Every field is optional. */
export interface SiteOptions {
  /**
   * BCP 47 tag of the site's default language, spoken when a browser's `Accept-Language` names
   * none of the offered ones (`en-GB`, `de`, `fr-CA`). Its region sets the numbers and dates of
   * that language (`en-US`: `May 1, 2024`). A tag of a language not shipped keeps English
   * messages with that locale's numbers and dates. Default `en-GB`.
   */
  locale?: string;
  /**
   * Player heads load from their configured URL (`textures.head`: a third-party host by
   * default) when true. Default false: heads are the game's default skins for each UUID, and
   * icons (always) the game's textures, from the site's own icon sprite, so the pages make no
   * request to any other host.
   */
  externalImages?: boolean;
  /** Messages of the default language that replace the shipped ones (a whole table works too). */
  messages?: MessageOverrides;
  /** Messages by language tag (`{ de: { 'nav.home': 'Start' } }`) that replace the shipped ones. */
  translations?: Readonly<Record<string, MessageOverrides>>;
  /**
   * The head of a skin by texture hash (8×8 pixels as 64 `rrggbb`), when known: the reference
   * server's skin cache (`SkinCache.headPixels`). A player whose skin's head is known shows it,
   * drawn by blockstats and served at `/assets/heads/<hash>.png`; the others their default skin.
   */
  heads?: (hash: string) => string | null;
  /**
   * Pages for a static host (`blockstats export`): every link relative to its page, JSON twins
   * pointing at the exported files, and nothing that needs a server (search forms, compare).
   * The default language is at the root, every other offered one under `<tag>/`.
   */
  staticExport?: boolean;
}

/** One offered language of the site: its table (overrides applied) and its locale. */
export interface SiteLanguage {
  readonly language: Language;
  readonly locale: string;
  readonly messages: Messages;
}

/** {@link SiteOptions} with every default filled. */
export interface ResolvedSiteOptions {
  /** Locale of the default language. */
  locale: string;
  heads: ((hash: string) => string | null) | null;
  /** Tag of the default language. */
  language: string;
  /** The offered languages, in the switcher's order, by tag. */
  languages: ReadonlyMap<string, SiteLanguage>;
  externalImages: boolean;
  /** The default language's messages. */
  messages: Messages;
  staticExport: boolean;
}

/** Default locale of the site: day-month dates, as on the player card (`1 May 2024`). */
export const DEFAULT_SITE_LOCALE = 'en-GB';

function canonicalLocale(locale: string | undefined): string {
  if (locale === undefined) return DEFAULT_SITE_LOCALE;
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? DEFAULT_SITE_LOCALE;
  } catch {
    throw new RangeError(`createRouter: site.locale must be a BCP 47 language tag such as "en-GB" or "de", got ${JSON.stringify(locale)}`);
  }
}

/** The shipped language a locale speaks: itself (`pt-BR`), else its language (`de-AT` → `de`), else English. */
function languageOf(locale: string): Language {
  return findLanguage(locale) ?? findLanguage(locale.split('-')[0]!) ?? findLanguage('en')!;
}

/**
 * The offered tags (RouterOptions.languages), checked: each one shipped, none twice; default every
 * shipped language.
 */
export function resolveLanguages(languages: readonly string[] | undefined): string[] {
  if (languages === undefined) return [...translations.keys()];
  const tags: string[] = [];
  for (const wanted of languages) {
    const language = findLanguage(String(wanted));
    if (!language || !translations.has(language.tag)) throw new RangeError(`createRouter: languages must list tags of ${LANGUAGE_TAGS.filter((t) => translations.has(t)).join(', ')}, got ${JSON.stringify(wanted)}`);
    if (!tags.includes(language.tag)) tags.push(language.tag);
  }
  if (tags.length === 0) throw new RangeError('createRouter: languages must offer at least one language');
  return tags;
}

/**
 * The site's options with defaults, or null when the site is off. A bad locale or language is a
 * programming error, thrown when the router is created rather than on the first page.
 *
 * @example
 * resolveSiteOptions(true)?.language; // 'en'
 * resolveSiteOptions({ locale: 'de-AT' })?.locale; // 'de-AT'
 * resolveSiteOptions(undefined); // null
 */
export function resolveSiteOptions(site: boolean | SiteOptions | undefined, offered: readonly string[] = [...translations.keys()]): ResolvedSiteOptions | null {
  if (site === undefined || site === false) return null;
  const options: SiteOptions = site === true ? {} : site;
  const locale = canonicalLocale(options.locale);
  const language = languageOf(locale).tag;
  const tags = offered.includes(language) ? offered : [language, ...offered];
  const languages = new Map<string, SiteLanguage>();
  for (const tag of tags) {
    const shipped = translations.get(tag)!;
    const overrides = { ...options.translations?.[tag], ...(tag === language ? options.messages : undefined) };
    languages.set(tag, {
      language: shipped.language,
      locale: tag === language ? locale : shipped.language.locale,
      messages: { ...shipped.messages, ...overrides } as Messages,
    });
  }
  return {
    locale,
    language,
    languages,
    externalImages: options.externalImages ?? false,
    heads: options.heads ?? null,
    messages: languages.get(language)!.messages,
    staticExport: options.staticExport ?? false,
  };
}
