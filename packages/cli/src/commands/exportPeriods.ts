import type { Snapshot } from '@blockstats/core';

/** The periods `blockstats export` writes boards for: the current calendar week, month and year. */
export const EXPORTED_PERIODS = ['week', 'month', 'year'] as const;

/**
 * The period answers of one view, as API paths with their `?period=` query (the export writes
 * each as `<path>@period=<p>.json`, the scheme of every query variant): every stat's board, the
 * totals and the hall of fame of each exported period, and the player of the week and month.
 * Only asked for when the view has a stat history (else they answer 503).
 *
 * @example
 * periodTargets(snapshot); // ['/v1/crowns', '/v1/totals?period=week', …, '/v1/stats/jump?period=year', …]
 */
export function periodTargets(snapshot: Snapshot): string[] {
  const targets = ['/v1/crowns'];
  for (const period of EXPORTED_PERIODS) {
    targets.push(`/v1/totals?period=${period}`, `/v1/hall-of-fame?period=${period}`);
    for (const stat of snapshot.stats) targets.push(`/v1/stats/${encodeURIComponent(stat.id)}?period=${period}`);
  }
  return targets;
}
