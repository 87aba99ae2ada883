import type { StatDefinition } from '../catalogue/types.js';
import { patchedNumbers, stableNumbers } from './content-hash.js';
import type { SnapshotStat } from './types.js';
import type { ValueColumn } from './value-column.js';
import { IndexColumn, indexColumn } from './index-column.js';

/**
 * A stat of the snapshot; its arrays are never modified again (their hash digests are kept), its
 * board and ranks in `IndexColumn`s (4 bytes a number; a board given as one is kept as it is). A
 * patched stat whose board or ranks came out as before (a few players played, nobody overtook
 * anybody) keeps the previous build's array: one array less to allocate and hash; one that moved
 * is hashed from the previous one's digest at the positions that changed.
 */
export function snapshotStat(def: StatDefinition, values: ValueColumn | number[], board: IndexColumn | number[], total: number, previous?: SnapshotStat): SnapshotStat {
  const ranks = new IndexColumn(board.length);
  for (let i = 0; i < board.length; i++) {
    ranks[i] = i > 0 && values[board[i]!] === values[board[i - 1]!] ? ranks[i - 1]! : i + 1;
  }
  return {
    id: def.id,
    title: def.title,
    description: def.description,
    unit: def.unit,
    category: def.category,
    values: stableNumbers(values),
    board: keptNumbers(previous?.board, board instanceof IndexColumn ? board : indexColumn(board)),
    ranks: keptNumbers(previous?.ranks, ranks),
    total,
  };
}

/**
 * `next`, or `previous` when equal; else marked stable, its digest patched from `previous`'s at
 * the positions that differ (`patchedNumbers`) when it has as many: a board where a few players
 * moved up hashes the positions they passed, not all of its 10,000.
 */
function keptNumbers(previous: IndexColumn | number[] | undefined, next: IndexColumn): IndexColumn | number[] {
  if (previous === undefined || previous.length !== next.length) return stableNumbers(next);
  const at: number[] = [];
  for (let i = 0; i < next.length; i++) if (previous[i] !== next[i]) at.push(i);
  if (at.length === 0) return previous;
  return at.length > next.length / 2 ? stableNumbers(next) : patchedNumbers(next, previous, at);
}
