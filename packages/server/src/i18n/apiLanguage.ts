import type { JsonResult } from '../router/RouteDefinition.js';
import { requestLanguage, type LanguageChoice } from './requestLanguage.js';
import { translateData } from './translateData.js';
import { translations } from './translations.js';

/** The tags the API answers in: English (its default, always) and the offered ones. */
export function apiLanguages(offered: readonly string[]): string[] {
  return offered.includes('en') ? [...offered] : ['en', ...offered];
}

/**
 * The language of an API request: `lang` (an offered tag, else 400 naming `lang`), else
 * `Accept-Language` negotiated over the offered tags, else English.
 *
 * @example
 * apiLanguage({ url: new URL('http://x/v1/stats?lang=de'), request }, ['en', 'de']); // { tag: 'de', explicit: true }
 */
export function apiLanguage(exchange: { url: URL; request: Request }, offered: readonly string[]): LanguageChoice {
  return requestLanguage(exchange.url.searchParams, exchange.request.headers.get('accept-language'), apiLanguages(offered), 'en');
}

/**
 * A JSON route's result (`data` and `meta`) with its statistic and advancement names and value displays in a
 * language (see `translateData`); English, or a language without a catalogue, returns it as is.
 */
export function translateResult(result: JsonResult, tag: string): JsonResult {
  const translation = translations.get(tag);
  if (!translation?.catalogue) return result;
  const to = { locale: translation.language.locale, catalogue: translation.catalogue };
  // `meta` names things too (a leaderboard's `meta.stat`).
  return { ...result, data: translateData(result.data, to), ...(result.meta ? { meta: translateData(result.meta, to) } : {}) };
}
