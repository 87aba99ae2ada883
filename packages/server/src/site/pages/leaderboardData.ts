import type { LeaderboardEntry, PeriodLeaderboardEntry, StatSummary, TotalsEntry } from '@blockstats/core';
import type { PeriodMetaData } from '../pagePeriod.js';
import type { PagePer } from '../pagePer.js';
import type { SiteApi } from '../siteApi.js';

/** An entry of a board: all time, or a period's with its rank movement. */
export type BoardEntry = LeaderboardEntry & Partial<Pick<PeriodLeaderboardEntry, 'rank_change' | 'previous_rank'>>;

/** What a leaderboard page shows, read from the API. */
export interface BoardData {
  stat: StatSummary;
  entries: readonly BoardEntry[];
  /** Ranked players on the whole board. */
  total: number;
  /** The best value (the value bars' scale). */
  top: number;
  /** The stat's line of `/v1/totals` (same period), if any; none per hour played (totals are gains). */
  sum: TotalsEntry | undefined;
  /** `meta.period` of a period board; null for all time. */
  period: PeriodMetaData | null;
  /** A period was asked for but no stat history is recorded yet (the API's 503). */
  noHistory: boolean;
}

/**
 * A page of a statistic's board, all time or over `period` (by total gain, or `per` hour played),
 * as `/v1/stats/{id}` answers it. A
 * period board before any stat history is recorded is empty (`noHistory`), not an error; an
 * unknown stat is still the API's 404.
 */
export async function leaderboardData(api: SiteApi, statId: string, period: string | undefined, per: PagePer, limit: number, offset: number): Promise<BoardData> {
  const params = { stat_id: statId };
  const query = { period, per, limit, offset };
  const board = period === undefined ? await api.get<BoardEntry[]>('getLeaderboard', params, query) : await api.optional<BoardEntry[]>('getLeaderboard', params, query);
  if (!board) {
    // No history yet: the all-time call names the stat (or throws its 404).
    const stat = (await api.get<BoardEntry[]>('getLeaderboard', params, { limit: 1 })).meta.stat as StatSummary;
    return { stat, entries: [], total: 0, top: 0, sum: undefined, period: null, noHistory: true };
  }
  const stat = board.meta.stat as StatSummary;
  const [first, totals] = await Promise.all([
    offset === 0 ? Promise.resolve(board) : api.get<BoardEntry[]>('getLeaderboard', params, { period, per, limit: 1 }),
    per === undefined ? api.optional<TotalsEntry[]>('listTotals', {}, { search: stat.id, limit: 500, period }) : Promise.resolve(null),
  ]);
  return {
    stat,
    entries: board.data,
    total: board.total ?? 0,
    top: first.data[0]?.value ?? 0,
    sum: totals?.data.find((entry) => entry.id === stat.id),
    period: (board.meta.period as PeriodMetaData | undefined) ?? null,
    noHistory: false,
  };
}
