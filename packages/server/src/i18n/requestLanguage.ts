import { ApiError } from '../http/ApiError.js';
import { negotiateLanguage } from './negotiateLanguage.js';

/** The language a request is answered in, and whether its URL named it. */
export interface LanguageChoice {
  /** An offered tag, as offered (`pt-BR`). */
  readonly tag: string;
  /**
   * True when the `lang` query parameter chose it: the URL alone then decides the answer.
   * False when `Accept-Language` (or the fallback) did: the answer varies with that header.
   */
  readonly explicit: boolean;
}

/**
 * The language of a request: its `lang` query parameter when given (an offered tag, compared
 * case-insensitively), else `Accept-Language` negotiated over the offered tags, else `fallback`.
 * A `lang` that is not offered, or given twice, is a 400 naming `lang` and listing the tags.
 *
 * @example
 * requestLanguage(new URLSearchParams('lang=de'), null, ['en', 'de'], 'en'); // { tag: 'de', explicit: true }
 * requestLanguage(new URLSearchParams(), 'ja,en;q=0.5', ['en', 'ja'], 'en'); // { tag: 'ja', explicit: false }
 */
export function requestLanguage(search: URLSearchParams, acceptLanguage: string | null, offered: readonly string[], fallback: string): LanguageChoice {
  const values = search.getAll('lang').filter((value) => value !== '');
  if (values.length === 0) return { tag: negotiateLanguage(acceptLanguage, offered, fallback), explicit: false };
  if (values.length > 1) throw new ApiError('invalid-request', `lang must be given once (one of ${offered.join(', ')})`, { parameter: 'lang', badge: 'invalid lang' });
  const wanted = values[0]!.toLowerCase();
  const tag = offered.find((t) => t.toLowerCase() === wanted);
  if (!tag) {
    const shown = values[0]!.length > 20 ? `${values[0]!.slice(0, 20)}…` : values[0]!;
    throw new ApiError('invalid-request', `lang must be one of ${offered.join(', ')}, got ${JSON.stringify(shown)}`, { parameter: 'lang', badge: 'invalid lang' });
  }
  return { tag, explicit: true };
}
