import { compareText } from './compare.js';
import type { PlayerPlan } from './population.js';
import { deriveTotals, type StatCounters } from './stats.js';

// Deliberate ties, so leaderboards, medals and comparisons meet shared ranks (DECISIONS 10:
// competition ranking 1, 1, 3) on real-looking data: a two-way tie for first, a three-way tie for
// first, and a tie in the middle of a busy board. Only ranked players (60+ minutes) are touched.

/** A tie that was set up: the stat, the tied players' names and the shared value. */
export interface TieNote {
  readonly stat: string;
  readonly rank: number;
  readonly names: readonly string[];
  readonly value: number;
}

interface Entry {
  readonly plan: PlayerPlan;
  readonly stats: StatCounters;
}

const RANKED_TICKS = 60 * 60 * 20;

/**
 * Makes players `from`..`from + size - 1` (0-based positions on the board of `type`/`key`) share
 * the value of position `from`. Returns what it did, or null when the board is too short.
 */
function tie(entries: readonly Entry[], type: string, key: string, from: number, size: number): TieNote | null {
  const board = entries
    .filter((e) => (e.stats['minecraft:custom']?.['minecraft:play_time'] ?? 0) >= RANKED_TICKS)
    .filter((e) => (e.stats[type]?.[key] ?? 0) > 0)
    .sort((a, b) => (b.stats[type]?.[key] ?? 0) - (a.stats[type]?.[key] ?? 0) || compareText(a.plan.name, b.plan.name) || compareText(a.plan.uuid, b.plan.uuid));
  if (board.length < from + size) return null;
  const group = board.slice(from, from + size);
  const value = group[0]?.stats[type]?.[key] ?? 0;
  // Raising (never lowering) keeps every other relation intact: deaths stay >= deaths by killers.
  for (const e of group) (e.stats[type] ??= {})[key] = value;
  return { stat: `${type} ${key}`, rank: from + 1, names: group.map((e) => e.plan.name).sort(), value };
}

/** Sets up the demo's ties and re-derives the sums they feed. */
export function forceTies(entries: readonly Entry[]): TieNote[] {
  const notes = [
    tie(entries, 'minecraft:custom', 'minecraft:raid_win', 0, 2),
    tie(entries, 'minecraft:killed', 'minecraft:wither', 0, 3) ?? tie(entries, 'minecraft:killed', 'minecraft:wither', 0, 2),
    tie(entries, 'minecraft:custom', 'minecraft:deaths', 3, 2),
  ].filter((n): n is TieNote => n !== null);
  for (const e of entries) {
    const custom = e.stats['minecraft:custom'];
    if (custom && (custom['minecraft:raid_trigger'] ?? 0) < (custom['minecraft:raid_win'] ?? 0)) {
      custom['minecraft:raid_trigger'] = custom['minecraft:raid_win'] ?? 0;
    }
    deriveTotals(e.stats);
  }
  return notes;
}
