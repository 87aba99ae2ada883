import type { PlayerProfile, WeeklyPoint } from '@blockstats/core';
import type { SiteApi } from './siteApi.js';

/** Weeks a profile's history chart shows at most (the newest half year; the JSON has them all): it bounds the page's weight (~3 KB compressed for four charts) whatever the history's length. */
export const HISTORY_WEEKS = 26;

/** Statistics charted besides play time: the player's best ranks that moved in the weeks shown. */
const BEST = 3;
/** Best ranks looked at for those (a rank held from before recording may have no weeks to show). */
const CANDIDATES = 8;

/** One statistic's weekly series on a profile. */
export interface StatSeries {
  id: string;
  title: string;
  points: readonly WeeklyPoint[];
}

/** A profile's history: the series, or null before any stat history is recorded. */
export type PlayerHistory = { series: StatSeries[]; since: string | null } | null;

/**
 * The weekly series a profile charts (issue 41): play time, and the first {@link BEST} of the
 * statistics the player ranks best in that gained in the weeks shown, as
 * `/v1/players/{p}/history?stat=` answers them, the newest {@link HISTORY_WEEKS} weeks of each.
 * Null while the server has no stat history (the API's 503).
 */
export async function playerHistory(api: SiteApi, profile: PlayerProfile): Promise<PlayerHistory> {
  const ask = (stat: string) => api.optional<WeeklyPoint[]>('getPlayerHistory', { player: profile.uuid }, { stat });
  const first = await ask('play_time');
  if (!first) return null;
  const best = profile.top_ranks.filter((rank) => rank.id !== 'play_time').slice(0, CANDIDATES);
  const answers = [first, ...(await Promise.all(best.map((rank) => ask(rank.id))))];
  if (answers.some((answer) => answer === null)) return null;
  const series = answers.map((answer) => {
    const stat = answer!.meta.stat as { id: string; title: string };
    return { id: stat.id, title: stat.title, points: answer!.data.slice(-HISTORY_WEEKS) };
  });
  const [playTime, ...others] = series;
  const moved = others.filter((s) => s.points.some((point) => point.value > 0)).slice(0, BEST);
  return { series: [playTime!, ...moved], since: (answers[0]!.meta.recording_since as string | null | undefined) ?? null };
}
