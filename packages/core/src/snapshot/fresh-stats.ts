import type { PlayerSave } from '../save/types.js';
import type { StatDefinition } from '../catalogue/types.js';
import { byValue } from './by-value.js';
import { statRowWriter } from './player-stat-row.js';
import { snapshotStat } from './snapshot-stat.js';
import { byNameRank, fitsMajor, fitsPlayers, keyRank, MAJOR_LIMIT, sortKey } from './sort-keys.js';
import { newColumn, setValue } from './stat-column.js';
import type { SnapshotStat } from './types.js';

/** The statistics built from scratch, player by player, copying the values `reuse` says are unchanged. */
export function* freshStats(
  defs: readonly StatDefinition[],
  players: readonly PlayerSave[],
  ranked: readonly boolean[],
  nameRank: ArrayLike<number>,
  reuse: { stats: readonly SnapshotStat[]; from: Int32Array } | null,
): Generator<void, { stats: SnapshotStat[]; integral: Uint8Array }, void> {
  const n = players.length;
  const integral = new Uint8Array(defs.length);
  // Filled player by player, each row written into one scratch row (the write function is the
  // same object at every build, see `statRowWriter`: no callback made here).
  const writeRow = statRowWriter(defs);
  const row = new Float64Array(defs.length);
  const columns = defs.map(() => newColumn(n));
  for (let p = 0; p < n; p++) {
    const q = reuse === null ? -1 : reuse.from[p]!;
    if (q >= 0) {
      for (let s = 0; s < row.length; s++) columns[s] = setValue(columns[s]!, p, reuse!.stats[s]!.values[q]!);
    } else {
      writeRow(players[p]!, row);
      for (let s = 0; s < row.length; s++) columns[s] = setValue(columns[s]!, p, row[s]!);
    }
    yield;
  }
  const playerAt = byNameRank(nameRank);
  const keys = new Float64Array(n);
  const stats: SnapshotStat[] = [];
  for (let s = 0; s < defs.length; s++) {
    yield;
    const values = columns[s]!;
    const { board, total, whole } = rankColumn(values, ranked, nameRank, keys, playerAt);
    integral[s] = whole && Number.isSafeInteger(total) ? 1 : 0;
    stats.push(snapshotStat(defs[s]!, values, board, total));
  }
  return { stats, integral };
}

/**
 * One column's board (ranked players above 0, best first), the ranked players' total and
 * whether every ranked value is whole. `keys` is scratch room for a key a player; the board is
 * sorted by packed keys while they fit (see sort-keys.ts), else by comparing values.
 */
function rankColumn(
  values: ArrayLike<number>,
  ranked: readonly boolean[],
  nameRank: ArrayLike<number>,
  keys: Float64Array,
  playerAt: ArrayLike<number>,
): { board: number[]; total: number; whole: boolean } {
  const n = values.length;
  let total = 0;
  let count = 0;
  let packable = fitsPlayers(n);
  let whole = true;
  for (let p = 0; p < n; p++) {
    const v = values[p]!;
    if (!ranked[p]) continue;
    total += v;
    if (whole && !Number.isSafeInteger(v)) whole = false;
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
    board.sort(byValue(values, nameRank));
  }
  return { board, total, whole };
}
