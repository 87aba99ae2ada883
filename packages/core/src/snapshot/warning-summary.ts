import type { SaveWarning } from '../save/types.js';

/**
 * Warnings grouped by reason for a terminal: one line per distinct reason, most frequent first,
 * each with its count and one example file; at most `max` lines, then a line saying how many
 * reasons were left out. Empty for no warnings. What `blockstats snapshot` prints on stderr.
 *
 * @example
 * warningSummary([
 *   { file: 'usercache.json', reason: 'invalid JSON' },
 *   { file: 'world/stats/a.json', reason: 'invalid JSON' },
 * ]);
 * // ['invalid JSON: 2 files (e.g. usercache.json)']
 */
export function warningSummary(warnings: readonly SaveWarning[], max = 10): string[] {
  const groups = new Map<string, { count: number; file: string }>();
  for (const w of warnings) {
    const group = groups.get(w.reason);
    if (group) group.count++;
    else groups.set(w.reason, { count: 1, file: w.file });
  }
  const sorted = [...groups].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const lines = sorted.slice(0, max).map(([reason, { count, file }]) =>
    count === 1 ? `${reason}: ${file}` : `${reason}: ${count} files (e.g. ${file})`,
  );
  if (sorted.length > max) lines.push(`…and ${sorted.length - max} more kinds of warning`);
  return lines;
}
