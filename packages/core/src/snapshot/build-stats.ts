import type { PlayerSave } from '../save/types.js';
import type { StatDefinition } from '../catalogue/types.js';
import { statRows } from './player-stat-row.js';
import { byNameRank, fitsMajor, fitsPlayers, keyRank, MAJOR_LIMIT, sortKey } from './sort-keys.js';
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
  const rowOf = statRows(defs);
  for (let p = 0; p < n; p++) {
    const row = rowOf(players[p]!);
    for (let s = 0; s < row.length; s++) columns[s]![p] = row[s]!;
  }
  const playerAt = byNameRank(nameRank);
  const keys = new Float64Array(n);
  return defs.map((def, s) => {
    const values = columns[s]!;
    let total = 0;
    let count = 0;
    let packable = fitsPlayers(n);
    for (let p = 0; p < n; p++) {
      const v = values[p]!;
      if (!ranked[p]) continue;
      total += v;
      if (v > 0) {
        // Best first: the larger the value, the smaller the key.
        const major = MAJOR_LIMIT - 1 - v;
        if (packable && fitsMajor(major)) keys[count] = sortKey(major, nameRank[p]!);
        else packable = false;
        count++;
      }
    }
    const board = new Array<number>(count);
    if (packable) {
      const sorted = keys.subarray(0, count).sort();
      for (let i = 0; i < count; i++) board[i] = playerAt[keyRank(sorted[i]!)]!;
    } else {
      let i = 0;
      for (let p = 0; p < n; p++) if (ranked[p] && values[p]! > 0) board[i++] = p;
      board.sort((a, b) => values[b]! - values[a]! || nameRank[a]! - nameRank[b]!);
    }
    const ranks = new Array<number>(count);
    for (let i = 0; i < count; i++) {
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
