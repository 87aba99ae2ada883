import type { ActivityRecord } from '../record/types.js';
import { checkNow, isoOrNull } from './check-now.js';
import { endsBefore, periodTotals, roundTotals, type ActivityTotals } from './period-totals.js';
import { windowedPlayers } from './player-windows.js';
import { rankOrder, type PlayerNames } from './rank-order.js';

const DAY = 86_400_000;

/**
 * SPEC `/v1/activity/players` periods.
 *
 * @example
 * ```ts
 * ACTIVITY_PERIODS.includes(query.period); // validate a query value
 * ```
 */
export const ACTIVITY_PERIODS = ['7d', '30d', 'all'] as const;
export type ActivityPeriod = (typeof ACTIVITY_PERIODS)[number];
/**
 * SPEC `/v1/activity/players` sort keys.
 *
 * @example
 * ```ts
 * ACTIVITY_SORTS; // ['minutes', 'sessions', 'deaths']
 * ```
 */
export const ACTIVITY_SORTS = ['minutes', 'sessions', 'deaths'] as const;
export type ActivitySort = (typeof ACTIVITY_SORTS)[number];

const PERIOD_DAYS: Record<ActivityPeriod, number> = { '7d': 7, '30d': 30, all: Infinity };

/** Options of `activePlayers`. */
export interface ActivePlayersOptions {
  now: number;
  /** Default `7d`. */
  period?: ActivityPeriod;
  /** Default `minutes`. */
  sort?: ActivitySort;
  /** Page size; default every entry. */
  limit?: number;
  /** Default 0. */
  offset?: number;
  /** Names by uuid, only to order ties (DECISIONS 10). */
  names?: PlayerNames;
}

/** One active player: totals for the period, ranked on the sort key. */
export interface ActivePlayerEntry extends ActivityTotals {
  /** Competition rank on the sort key (ties share it). */
  rank: number;
  uuid: string;
}

/** A page of active players. */
export interface ActivePlayers {
  items: ActivePlayerEntry[];
  /** Active players in the period (all pages). */
  total: number;
  period: ActivityPeriod;
  sort: ActivitySort;
  /** Start of the period (ISO 8601), `recording_since` for `all`, null with no record. */
  period_starts_at: string | null;
}

/**
 * Players active in the period (any play time, session or death recorded), best first on
 * `sort`: minutes played, sessions or deaths. Sorting never filters: with `sort: 'deaths'` the
 * players who did not die share the last rank. Period `7d` and `30d` are the last 7 / 30 × 24
 * hours; `all` is since recording began.
 *
 * @example
 * ```ts
 * const page = activePlayers(record, { now: Date.now(), period: '30d', sort: 'sessions', limit: 50 });
 * page.items[0]; // { rank: 1, uuid: '…', minutes: 1830, hours: 30.5, sessions: 41, deaths: 7 }
 * page.total; // 23
 * ```
 */
export function activePlayers(record: ActivityRecord, options: ActivePlayersOptions): ActivePlayers {
  const now = checkNow(options.now);
  const period = options.period ?? '7d';
  const sort = options.sort ?? 'minutes';
  if (!ACTIVITY_PERIODS.includes(period)) throw new RangeError(`period must be one of ${ACTIVITY_PERIODS.join(', ')}`);
  if (!ACTIVITY_SORTS.includes(sort)) throw new RangeError(`sort must be one of ${ACTIVITY_SORTS.join(', ')}`);
  const offset = options.offset ?? 0;
  const limit = options.limit ?? Infinity;
  if (!(Number.isInteger(offset) && offset >= 0)) throw new RangeError('offset must be an integer ≥ 0');
  if (!(limit === Infinity || (Number.isInteger(limit) && limit >= 1))) throw new RangeError('limit must be an integer ≥ 1');

  const from = now - PERIOD_DAYS[period] * DAY;
  // Only the players with a window in the period are summed (the others' totals are zero).
  const active: Array<ActivityTotals & { uuid: string }> = [];
  for (const { uuid, windows } of windowedPlayers(record)) {
    if (endsBefore(record, windows, from)) continue;
    const row = { uuid, ...roundTotals(periodTotals(record, windows, from, now)) };
    if (row.minutes > 0 || row.sessions > 0 || row.deaths > 0) active.push(row);
  }
  const ranked = rankOrder(active, (r) => r[sort], options.names);
  const items = ranked.slice(offset, offset + limit).map(({ rank, uuid, minutes, hours, sessions, deaths }) => ({
    rank, uuid, minutes, hours, sessions, deaths,
  }));
  const since = record.recordingSince;
  return {
    items,
    total: ranked.length,
    period,
    sort,
    period_starts_at: since === null ? null : isoOrNull(period === 'all' ? since : Math.max(from, since)),
  };
}
