/** A language the site and the API can speak. */
export interface Language {
  /** BCP 47 tag, as `lang` takes it and `<html lang>` shows it: `de`, `pt-BR`, `zh-CN`. */
  readonly tag: string;
  /** Locale of the numbers, dates and plural rules (CLDR data of the platform's Intl). */
  readonly locale: string;
  /** The language's name in itself, for the language switcher. */
  readonly name: string;
}

/**
 * The shipped languages, English first: each has its site messages (`site/messages/<tag>.ts`)
 * and its statistic and advancement names (`i18n/catalogue/<tag>.ts`), complete (a test fails
 * on a missing or unused key).
 */
export const LANGUAGES: readonly Language[] = [
  { tag: 'en', locale: 'en-GB', name: 'English' },
  { tag: 'de', locale: 'de-DE', name: 'Deutsch' },
  { tag: 'fr', locale: 'fr-FR', name: 'Français' },
  { tag: 'es', locale: 'es-ES', name: 'Español' },
  { tag: 'pt-BR', locale: 'pt-BR', name: 'Português (Brasil)' },
  { tag: 'ru', locale: 'ru-RU', name: 'Русский' },
  { tag: 'pl', locale: 'pl-PL', name: 'Polski' },
  { tag: 'zh-CN', locale: 'zh-CN', name: '简体中文' },
  { tag: 'ja', locale: 'ja-JP', name: '日本語' },
  { tag: 'tr', locale: 'tr-TR', name: 'Türkçe' },
];

/** The tags of {@link LANGUAGES}. */
export const LANGUAGE_TAGS: readonly string[] = LANGUAGES.map((l) => l.tag);

/**
 * The shipped language of a tag, compared case-insensitively (`PT-br` → `pt-BR`), or undefined.
 *
 * @example
 * findLanguage('zh-cn')?.tag; // 'zh-CN'
 * findLanguage('xx'); // undefined
 */
export function findLanguage(tag: string): Language | undefined {
  const wanted = tag.toLowerCase();
  return LANGUAGES.find((l) => l.tag.toLowerCase() === wanted);
}
