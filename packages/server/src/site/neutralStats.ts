import type { Comparison, ComparisonStat } from '@blockstats/core';

/** Statistics where more is not better: dying, being hurt, quitting, going without sleep. */
const NEUTRAL_IDS: ReadonlySet<string> = new Set(['deaths', 'damage_taken', 'damage_absorbed', 'damage_resisted', 'leave_game', 'time_since_rest']);

/**
 * Whether a comparison page shows a statistic without a winner: more deaths or more damage taken
 * is no victory. The API's `winner` stays the larger value (SPEC); only the page is neutral.
 *
 * @example
 * isNeutralStat({ id: 'deaths', category: 'combat' }); // true
 * isNeutralStat({ id: 'jump', category: 'general' }); // false
 */
export function isNeutralStat(stat: { id: string; category: string }): boolean {
  return stat.category === 'deaths' || NEUTRAL_IDS.has(stat.id);
}

/** The page's tally: wins and ties over the statistics that are not neutral, and the leader. */
export function pageTally(comparison: Comparison): { wins: Record<string, number>; ties: number; winner: string | null; neutral: number } {
  const [first, second] = comparison.players;
  const wins: Record<string, number> = { [first.uuid]: 0, [second.uuid]: 0 };
  let ties = 0;
  let neutral = 0;
  for (const stat of comparison.stats as ComparisonStat[]) {
    if (isNeutralStat(stat)) neutral++;
    else if (stat.winner === null) ties++;
    else wins[stat.winner] = (wins[stat.winner] ?? 0) + 1;
  }
  const a = wins[first.uuid]!;
  const b = wins[second.uuid]!;
  return { wins, ties, winner: a === b ? null : a > b ? first.uuid : second.uuid, neutral };
}
