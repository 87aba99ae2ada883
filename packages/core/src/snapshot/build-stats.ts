import type { PlayerSave } from '../save/types.js';
import type { StatDefinition } from '../catalogue/types.js';
import { compileStatTotals } from './compile-stat-totals.js';
import type { SnapshotStat } from './types.js';

/**
 * Every tracked statistic's values and leaderboard. Values are kept for every player (an
 * unranked player still sees their own numbers); the board holds ranked players with a value
 * above 0, best first, ties in name order, with competition ranks (DECISIONS 9-10). `nameRank[p]`
 * is player p's position in name order, so the sort compares numbers only.
 *
 * @example
 * buildStats([findStat('jump')!], players, [true, false], [0, 1])[0].board; // [0] when player 0 jumped
 */
export function buildStats(
  defs: readonly StatDefinition[],
  players: readonly PlayerSave[],
  ranked: readonly boolean[],
  nameRank: ArrayLike<number>,
): SnapshotStat[] {
  const n = players.length;
  const columns = defs.map(() => new Array<number>(n));
  const totalsOf = compileStatTotals(defs);
  const row = new Float64Array(defs.length);
  for (let p = 0; p < n; p++) {
    totalsOf(players[p]!.stats, row);
    for (let s = 0; s < row.length; s++) columns[s]![p] = row[s]!;
  }
  return defs.map((def, s) => {
    const values = columns[s]!;
    const board: number[] = [];
    let total = 0;
    for (let p = 0; p < n; p++) {
      const v = values[p]!;
      if (ranked[p]) {
        total += v;
        if (v > 0) board.push(p);
      }
    }
    board.sort((a, b) => values[b]! - values[a]! || nameRank[a]! - nameRank[b]!);
    const ranks = new Array<number>(board.length);
    for (let i = 0; i < board.length; i++) {
      ranks[i] = i > 0 && values[board[i]!] === values[board[i - 1]!] ? ranks[i - 1]! : i + 1;
    }
    return {
      id: def.id,
      title: def.title,
      description: def.description,
      unit: def.unit,
      category: def.category,
      values,
      board,
      ranks,
      total,
    };
  });
}
