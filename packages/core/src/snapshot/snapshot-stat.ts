import type { StatDefinition } from '../catalogue/types.js';
import { stableNumbers } from './content-hash.js';
import type { SnapshotStat } from './types.js';
import type { ValueColumn } from './value-column.js';
import { IndexColumn, indexColumn } from './index-column.js';

/**
 * A stat of the snapshot; its arrays are never modified again (their hash digests are kept), its
 * board and ranks in `IndexColumn`s (4 bytes a number). A
 * patched stat whose board or ranks came out as before (a few players played, nobody overtook
 * anybody) keeps the previous build's array: one array less to allocate and hash.
 */
export function snapshotStat(def: StatDefinition, values: ValueColumn | number[], board: number[], total: number, previous?: SnapshotStat): SnapshotStat {
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
    board: previous !== undefined && sameNumbers(previous.board, board) ? previous.board : stableNumbers(indexColumn(board)),
    ranks: previous !== undefined && sameNumbers(previous.ranks, ranks) ? previous.ranks : stableNumbers(ranks),
    total,
  };
}

function sameNumbers(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
