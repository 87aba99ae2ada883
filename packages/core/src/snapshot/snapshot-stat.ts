import type { StatDefinition } from '../catalogue/types.js';
import { patchedNumbers, stableNumbers } from './content-hash.js';
import type { SnapshotStat } from './types.js';
import type { StatColumn } from './stat-column.js';
import { IndexColumn, indexColumn } from './index-column.js';
import { columnToWrite } from './pooled-column.js';

/** Where a board is its previous board's: everywhere outside positions `[from, to)` (see `MergedBoard`). */
export interface SameOutside {
  from: number;
  to: number;
  /** The stretches copied whole from the previous board (`MergedBoard.runs`), when known. */
  runs?: readonly number[];
}

/**
 * A stat of the snapshot; its arrays are never modified again (their hash digests are kept), its
 * board and ranks in `IndexColumn`s (4 bytes a number; a board given as one is kept as it is). A
 * patched stat whose board or ranks came out as before (a few players played, nobody overtook
 * anybody) keeps the previous build's array: one array less to allocate and hash; one that moved
 * is hashed from the previous one's digest at the positions that changed. Given `same` (the board
 * is `previous`'s outside those positions), only those positions are compared, and the ranks
 * computed there and as far past them as they differ from the previous ones: the rest is copied.
 */
export function snapshotStat(def: StatDefinition, values: StatColumn, board: IndexColumn | number[], total: number, previous?: SnapshotStat, same?: SameOutside): SnapshotStat {
  const column = board instanceof IndexColumn ? board : indexColumn(board);
  const within = previous !== undefined && same !== undefined && previous.board instanceof IndexColumn && previous.ranks instanceof IndexColumn ? same : null;
  const ranks = within !== null ? patchedRanks(values, column, previous!.ranks as IndexColumn, within) : null;
  return {
    id: def.id,
    title: def.title,
    description: def.description,
    unit: def.unit,
    category: def.category,
    values: stableNumbers(values),
    board: keptNumbers(previous?.board, column, within ?? { from: 0, to: column.length }),
    ranks: ranks !== null ? keptNumbers(previous!.ranks, ranks.ranks, ranks.differ) : keptNumbers(previous?.ranks, competitionRanks(values, column), { from: 0, to: column.length }),
    total,
  };
}

/** Competition ranks of a board (ties share the rank of their first place). */
function competitionRanks(values: ArrayLike<number>, board: IndexColumn): IndexColumn {
  const ranks = columnToWrite(IndexColumn, board.length);
  for (let i = 0; i < board.length; i++) {
    ranks[i] = i > 0 && values[board[i]!] === values[board[i - 1]!] ? ranks[i - 1]! : i + 1;
  }
  return ranks;
}

/**
 * `competitionRanks` of a board that is the previous one outside `same`: the previous ranks
 * before `same.from` (the same places with the same values above), computed from there to
 * `same.to` and on while they differ from the previous ones (a tie running past the changed
 * places), the previous ranks after that (the same places and ties, from the same rank on).
 * Inside a stretch copied from the previous board (`same.runs`, shifted by `shift` places), once
 * a place starts a new tie the rest of the stretch ranks as before plus `shift` (the same
 * neighbours, so the same ties): added, not computed from the values. `differ` bounds the
 * positions where they can differ from `previous`.
 */
function patchedRanks(values: ArrayLike<number>, board: IndexColumn, previous: IndexColumn, same: SameOutside): { ranks: IndexColumn; differ: SameOutside } {
  const ranks = columnToWrite(IndexColumn, board.length);
  const from = Math.min(same.from, previous.length);
  ranks.set(previous.subarray(0, from));
  const aligned = previous.length === board.length;
  const runs = same.runs ?? NO_RUNS;
  let r = 0;
  let i = from;
  while (i < board.length) {
    const rank = i > 0 && values[board[i]!] === values[board[i - 1]!] ? ranks[i - 1]! : i + 1;
    if (i >= same.to && aligned && rank === previous[i]) {
      ranks.set(previous.subarray(i), i);
      break;
    }
    ranks[i] = rank;
    while (r < runs.length && runs[r + 1]! <= i) r += 3;
    if (rank === i + 1 && r < runs.length && runs[r]! < i) i = shiftedRanks(ranks, previous, i + 1, runs[r + 1]!, runs[r + 2]!);
    else i++;
  }
  return { ranks, differ: { from, to: i } };
}

const NO_RUNS: readonly number[] = [];

/** Sets `ranks` at positions `[from, to)` to the previous ranks `shift` places before, plus `shift`; returns `to`. */
function shiftedRanks(ranks: IndexColumn, previous: IndexColumn, from: number, to: number, shift: number): number {
  if (shift === 0) ranks.set(previous.subarray(from, to), from);
  else for (let k = from; k < to; k++) ranks[k] = previous[k - shift]! + shift;
  return to;
}

/**
 * `next`, or `previous` when equal; else marked stable, its digest patched from `previous`'s at
 * the positions that differ (`patchedNumbers`) when it has as many: a board where a few players
 * moved up hashes the positions they passed, not all of its 10,000. `next` equals `previous`
 * outside `differ` when it has as many numbers: only positions inside are compared.
 */
function keptNumbers(previous: IndexColumn | number[] | undefined, next: IndexColumn, differ: SameOutside): IndexColumn | number[] {
  if (previous === undefined || previous.length !== next.length) return stableNumbers(next);
  const at: number[] = [];
  // Past half the positions the digest is computed afresh: no use listing the rest.
  const half = next.length / 2;
  for (let i = differ.from; i < differ.to; i++) if (previous[i] !== next[i] && at.push(i) > half) return stableNumbers(next);
  return at.length === 0 ? previous : patchedNumbers(next, previous, at);
}
