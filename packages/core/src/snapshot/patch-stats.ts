import type { PlayerSave } from '../save/types.js';
import type { StatDefinition } from '../catalogue/types.js';
import { patchedNumbers } from './content-hash.js';
import { mergedBoard } from './merged-board.js';
import { patchedTotal } from './patched-total.js';
import { statRowWriter } from './player-stat-row.js';
import { snapshotStat } from './snapshot-stat.js';
import { copyColumn, setValue } from './stat-column.js';
import type { StatsMemo } from './stats-memo.js';
import type { SnapshotStat } from './types.js';

/** The changed players' rows, by player index (other indexes empty). */
export function changedRows(defs: readonly StatDefinition[], players: readonly PlayerSave[], changed: readonly number[]): Float64Array[] {
  const writeRow = statRowWriter(defs);
  const rows = new Array<Float64Array>(players.length);
  for (const p of changed) rows[p] = writeRow(players[p]!, new Float64Array(defs.length));
  return rows;
}

/** The memo's statistics patched with the changed players' rows: a stat none of them moved on is kept as it was. */
export function* patchStats(
  memo: StatsMemo,
  rows: readonly Float64Array[],
  changed: readonly number[],
  ranked: readonly boolean[],
  nameRank: ArrayLike<number>,
): Generator<void, { stats: SnapshotStat[]; integral: Uint8Array }, void> {
  const integral = memo.integral.slice();
  // A loop rather than callbacks made at every build (see `playTimes` in build-snapshot.ts).
  const stats: SnapshotStat[] = [];
  for (let s = 0; s < memo.stats.length; s++) {
    const previous = memo.stats[s]!;
    if (!movedOn(previous, s, rows, changed, ranked, memo.ranked)) {
      stats.push(previous);
      continue;
    }
    let values = copyColumn(previous.values);
    for (const p of changed) values = setValue(values, p, rows[p]![s]!);
    patchedNumbers(values, previous.values, changed); // hashed from the previous column's digest
    const { board, from, to, runs } = mergedBoard(previous, values, changed, ranked, memo.ranked, nameRank);
    const total = patchedTotal(memo.integral[s] === 1, previous.total, previous.values, values, changed, ranked, memo.ranked);
    integral[s] = total.integral ? 1 : 0;
    stats.push(snapshotStat(memo.defs[s]!, values, board, total.total, previous, { from, to, runs }));
    yield;
  }
  return { stats, integral };
}

/**
 * Whether a changed player moved on stat `s`: another value than the previous build's, or
 * ranked or unranked since with a value that counts.
 */
function movedOn(
  previous: SnapshotStat,
  s: number,
  rows: readonly Float64Array[],
  changed: readonly number[],
  ranked: readonly boolean[],
  rankedBefore: readonly boolean[],
): boolean {
  for (const p of changed) {
    const value = rows[p]![s]!;
    if (!Object.is(value, previous.values[p]) || (ranked[p] !== rankedBefore[p] && value !== 0)) return true;
  }
  return false;
}
