import { resolvePeriod } from '@blockstats/core';
import { ApiError } from '../http/ApiError.js';
import type { MessageKey } from './messages.js';
import type { Translate } from './translator.js';

/** The periods a page's switch offers, after all time (issue 41). */
export const SWITCH_PERIODS = ['week', 'month', 'year', 'last_week', 'last_month'] as const;

/** A switch period's label key. */
const LABELS: Record<(typeof SWITCH_PERIODS)[number], MessageKey> = {
  week: 'period.week',
  month: 'period.month',
  year: 'period.year',
  last_week: 'period.lastWeek',
  last_month: 'period.lastMonth',
};

/**
 * The period a page's URL asks for (`?period=`), or undefined for all time (absent or empty, as
 * a GET form sends "all time"). Any value the API takes is accepted (`7d`, `2026-W47`,
 * `2026-11`); anything else is the site's 400 page, in the page's language. The static export has
 * no query: its pages are all time.
 */
export function pagePeriod(query: URLSearchParams, staticExport: boolean, t: Translate): string | undefined {
  if (staticExport) return undefined;
  const value = query.get('period');
  if (value === null || value === '') return undefined;
  let valid = value.length <= 16;
  try {
    if (valid) resolvePeriod(value, 0);
  } catch {
    valid = false;
  }
  if (!valid) throw new ApiError('invalid-request', t('period.invalid'), { parameter: 'period' });
  return value;
}

/** How a page names a period: the switch's label, or the value itself (`2026-W47`, `7d`). */
export function periodLabel(period: string | undefined, t: Translate): string {
  if (period === undefined) return t('period.allTime');
  return Object.hasOwn(LABELS, period) ? t(LABELS[period as keyof typeof LABELS]) : period;
}

/** `meta.period` of a period answer (`/v1/stats/{id}?period=`, `/v1/totals?period=`). */
export interface PeriodMetaData {
  name: string;
  from: string;
  to: string;
  recording_since: string | null;
}

/** The API target of a page's JSON twin, with the period when there is one. */
export function withPeriod(target: string, period: string | undefined): string {
  return period === undefined ? target : `${target}${target.includes('?') ? '&' : '?'}period=${encodeURIComponent(period)}`;
}
