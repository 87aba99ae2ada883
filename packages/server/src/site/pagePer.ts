import { ApiError } from '../http/ApiError.js';
import type { Translate } from './translator.js';

/** How a period board is valued (issues 39 and 41): the gains, or the gains per hour played. */
export type PagePer = 'hour' | undefined;

/**
 * What a leaderboard page's URL asks to rank by (`?per=`): undefined for the period's total
 * gains (absent or empty), `hour` for its gains per hour played. `per` needs a period (the API
 * takes it only with one); any other value, or `per` on an all-time page, is the site's 400
 * page, in the page's language. The static export has no query: never per hour.
 */
export function pagePer(query: URLSearchParams, period: string | undefined, staticExport: boolean, t: Translate): PagePer {
  if (staticExport) return undefined;
  const value = query.get('per');
  if (value === null || value === '') return undefined;
  if (value !== 'hour' || period === undefined) throw new ApiError('invalid-request', t('perHour.invalid'), { parameter: 'per' });
  return value;
}

/** A target with `per=hour` added when the board is per hour played. */
export function withPer(target: string, per: PagePer): string {
  return per === undefined ? target : `${target}${target.includes('?') ? '&' : '?'}per=${per}`;
}
