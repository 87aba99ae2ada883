import type { PlayerSave } from '../save/types.js';
import type { StatDefinition } from '../catalogue/types.js';
import { statRowKey, statRowWriter } from './player-stat-row.js';
import { playerUuids } from './player-uuids.js';
import { byNameRank, fitsMajor, fitsPlayers, keyRank, MAJOR_LIMIT, sortKey } from './sort-keys.js';
import { patchedNumbers, stableNumbers } from './content-hash.js';
import type { SnapshotStat } from './types.js';
import { ValueColumn } from './value-column.js';
import { runSteps } from './run-steps.js';

/** What the last build of a stat list left, for the next build to patch instead of redo. */
interface StatsMemo {
  /** The list as it was (each definition and its sources). */
  defs: readonly StatDefinition[];
  sources: string;
  uuids: readonly string[];
  ranked: readonly boolean[];
  nameRank: Int32Array;
  /**
   * What each player's values were computed from (see `statRowKey`): the same object while
   * their stats file is unchanged. The values themselves are the stats' columns, kept once.
   */
  keys: readonly (object | null)[];
  stats: readonly SnapshotStat[];
  /** Per stat, 1 when every ranked value is a whole number: its total can be corrected exactly. */
  integral: Uint8Array;
}

/**
 * The memo of a build, kept as long as its result is (the snapshot holding it): weakly keyed,
 * and found through a weak reference to the last result, so a dropped snapshot takes it along.
 */
const memos = new WeakMap<readonly SnapshotStat[], StatsMemo>();
let lastBuilt: WeakRef<readonly SnapshotStat[]> | null = null;

/** Above this share of changed players a build starts over instead of patching. */
const PATCH_SHARE = 1 / 8;

/**
 * Every tracked statistic's values and leaderboard. Values are kept for every player (an
 * unranked player still sees their own numbers); the board holds ranked players with a value
 * above 0, best first, ties in name order, with competition ranks (DECISIONS 9-10). `nameRank[p]`
 * is player p's position in name order, so the sort compares numbers only.
 *
 * A rebuild 15 minutes later, with the same players in the same order and only some players'
 * stats files changed, patches the last build's result: a stat no changed player moved on is
 * the same object as before, and a board that moved keeps its unchanged players' order and
 * merges the changed players in. The result is the same as a build from scratch (tested).
 * The arrays it returns may be shared with the previous result: never modify them.
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
  return runSteps(statsSteps(defs, players, ranked, nameRank));
}

/**
 * `buildStats` as steps: it yields after each player's row and each statistic built, so a
 * caller that must keep answering (see `buildSnapshotInSteps`) can pause there. `previous` is
 * the result to patch (default: the last one built, while something still holds it).
 */
export function* statsSteps(
  defs: readonly StatDefinition[],
  players: readonly PlayerSave[],
  ranked: readonly boolean[],
  nameRank: ArrayLike<number>,
  previous?: readonly SnapshotStat[],
): Generator<void, SnapshotStat[], void> {
  const n = players.length;
  const keys: (object | null)[] = [];
  for (let p = 0; p < n; p++) keys.push(statRowKey(players[p]!));
  const sources = JSON.stringify(defs.map((def) => def.sources));
  const last = previous ?? lastBuilt?.deref();
  const memo = last === undefined ? undefined : memos.get(last);
  const changed = memo !== undefined && sameBuild(memo, defs, sources, players, nameRank) ? changedPlayers(memo, keys, ranked) : null;
  // Rows are computed where needed and not kept: the changed players' for a patch, else one
  // player at a time straight into the columns.
  const { stats, integral } = changed !== null && changed.length <= n * PATCH_SHARE
    ? yield* patchStats(memo!, changedRows(defs, players, changed), changed, ranked, nameRank)
    : yield* freshStats(defs, players, ranked, nameRank, memo !== undefined && sameList(memo, defs, sources) ? reusable(memo, players, keys) : null);
  memos.set(stats, { defs: [...defs], sources, uuids: playerUuids(players), ranked: [...ranked], nameRank: Int32Array.from(nameRank), keys, stats, integral });
  lastBuilt = new WeakRef(stats);
  return stats;
}

/** The same list, and the same players in the same order and name order, as the memo's build. */
function sameBuild(
  memo: StatsMemo,
  defs: readonly StatDefinition[],
  sources: string,
  players: readonly PlayerSave[],
  nameRank: ArrayLike<number>,
): boolean {
  const n = players.length;
  if (memo.sources !== sources || memo.defs.length !== defs.length || memo.uuids.length !== n) return false;
  for (let s = 0; s < defs.length; s++) if (memo.defs[s] !== defs[s]) return false;
  for (let p = 0; p < n; p++) if (memo.uuids[p] !== players[p]!.uuid || memo.nameRank[p] !== nameRank[p]) return false;
  return true;
}

/** The same statistics, by the same definitions, as the memo's build. */
function sameList(memo: StatsMemo, defs: readonly StatDefinition[], sources: string): boolean {
  if (memo.sources !== sources || memo.defs.length !== defs.length) return false;
  for (let s = 0; s < defs.length; s++) if (memo.defs[s] !== defs[s]) return false;
  return true;
}

/**
 * For a build from scratch after players came or went (the order changed): where each player
 * was in the memo's build when their values cannot have changed since (the same key), else -1,
 * so their values are copied from the memo's columns instead of summed again.
 */
function reusable(memo: StatsMemo, players: readonly PlayerSave[], keys: readonly (object | null)[]): { stats: readonly SnapshotStat[]; from: Int32Array } {
  const before = new Map<string, number>();
  for (let q = 0; q < memo.uuids.length; q++) before.set(memo.uuids[q]!, q);
  const from = new Int32Array(players.length);
  for (let p = 0; p < players.length; p++) {
    const q = before.get(players[p]!.uuid);
    from[p] = q !== undefined && keys[p] !== null && memo.keys[q] === keys[p] ? q : -1;
  }
  return { stats: memo.stats, from };
}

/** Players whose values may differ from the memo's build (another or no key), or who entered or left the ranking. */
function changedPlayers(memo: StatsMemo, keys: readonly (object | null)[], ranked: readonly boolean[]): number[] {
  const changed: number[] = [];
  for (let p = 0; p < keys.length; p++) if (keys[p] === null || memo.keys[p] !== keys[p] || memo.ranked[p] !== ranked[p]) changed.push(p);
  return changed;
}

/** The changed players' rows, by player index (other indexes empty). */
function changedRows(defs: readonly StatDefinition[], players: readonly PlayerSave[], changed: readonly number[]): Float64Array[] {
  const writeRow = statRowWriter(defs);
  const rows = new Array<Float64Array>(players.length);
  for (const p of changed) rows[p] = writeRow(players[p]!, new Float64Array(defs.length));
  return rows;
}

/**
 * Players up to which a column is a `ValueColumn`. A plain array of more numbers (over V8's
 * 128 KB for a regular object) is allocated among its large objects, which collections never
 * copy, and a typed one would add its numbers to the memory V8 counts outside its heap: ~80 MB
 * of copied columns a 1 %-changed pull at 50,000 players, past the 64 MB at which V8 starts a
 * full collection (~250 ms in the build, measured). Below, a plain array's copy would be moved
 * by the young generation's collections, twice (see ValueColumn).
 */
const TYPED_UP_TO = 16_384;

/** A column of `n` values (zeros in a typed one, holes in an array: every one is then set). */
function newColumn(n: number): ValueColumn | number[] {
  return n <= TYPED_UP_TO ? new ValueColumn(n) : new Array<number>(n);
}

/** A copy of a column, to patch: of the kind `newColumn` made it. */
function copyColumn(values: ValueColumn | number[]): ValueColumn | number[] {
  return values instanceof ValueColumn ? new ValueColumn(values) : values.slice();
}

/** Best first, name order on a tie. */
function byValue(values: ArrayLike<number>, nameRank: ArrayLike<number>): (a: number, b: number) => number {
  return (a, b) => values[b]! - values[a]! || nameRank[a]! - nameRank[b]!;
}

function* freshStats(
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
      for (let s = 0; s < row.length; s++) columns[s]![p] = reuse!.stats[s]!.values[q]!;
    } else {
      writeRow(players[p]!, row);
      for (let s = 0; s < row.length; s++) columns[s]![p] = row[s]!;
    }
    yield;
  }
  const playerAt = byNameRank(nameRank);
  const keys = new Float64Array(n);
  const stats: SnapshotStat[] = [];
  for (let s = 0; s < defs.length; s++) {
    yield;
    const def = defs[s]!;
    const values = columns[s]!;
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
    integral[s] = whole && Number.isSafeInteger(total) ? 1 : 0;
    stats.push(stat(def, values, board, total));
  }
  return { stats, integral };
}

function* patchStats(
  memo: StatsMemo,
  rows: readonly Float64Array[],
  changed: readonly number[],
  ranked: readonly boolean[],
  nameRank: ArrayLike<number>,
): Generator<void, { stats: SnapshotStat[]; integral: Uint8Array }, void> {
  const isChanged = new Uint8Array(rows.length);
  for (const p of changed) isChanged[p] = 1;
  const integral = memo.integral.slice();
  // A loop rather than callbacks made at every build (see `playTimes` in build-snapshot.ts).
  const stats: SnapshotStat[] = [];
  for (let s = 0; s < memo.stats.length; s++) {
    const previous = memo.stats[s]!;
    if (!movedOn(previous, s, rows, changed, ranked, memo.ranked)) {
      stats.push(previous);
      continue;
    }
    const values = copyColumn(previous.values);
    for (const p of changed) values[p] = rows[p]![s]!;
    patchedNumbers(values, previous.values, changed); // hashed from the previous column's digest
    const board = mergedBoard(previous, values, changed, isChanged, ranked, memo.ranked, nameRank);
    const total = patchedTotal(memo.integral[s] === 1, previous.total, previous.values, values, changed, ranked, memo.ranked);
    integral[s] = total.integral ? 1 : 0;
    stats.push(stat(memo.defs[s]!, values, board, total.total, previous));
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

/**
 * The board of a patched stat: the unchanged players of the previous board in their order, each
 * changed player that is ranked and has a value merged in where a binary search puts them. The
 * search runs over the previous board as it was (sorted by the previous values, which the
 * unchanged players still have), and the changed players' old places are skipped while copying.
 */
function mergedBoard(
  previous: SnapshotStat,
  values: ArrayLike<number>,
  changed: readonly number[],
  isChanged: Uint8Array,
  ranked: readonly boolean[],
  rankedBefore: readonly boolean[],
  nameRank: ArrayLike<number>,
): number[] {
  const before = previous.board;
  const was = previous.values;
  const added = changed.filter((p) => ranked[p] && values[p]! > 0).sort(byValue(values, nameRank));
  // The previous board held exactly the players ranked then with a value above 0.
  let removed = 0;
  for (const p of changed) if (rankedBefore[p] && was[p]! > 0) removed++;
  const board = new Array<number>(before.length - removed + added.length);
  let from = 0;
  let out = 0;
  for (const p of added) {
    const v = values[p]!;
    const r = nameRank[p]!;
    let lo = from;
    let hi = before.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const q = before[mid]!;
      if (was[q]! > v || (was[q] === v && nameRank[q]! < r)) lo = mid + 1;
      else hi = mid;
    }
    for (; from < lo; from++) if (!isChanged[before[from]!]) board[out++] = before[from]!;
    board[out++] = p;
  }
  for (; from < before.length; from++) if (!isChanged[before[from]!]) board[out++] = before[from]!;
  return board;
}

/**
 * A stat's total after a patch. Whole numbers add up exactly in any order (below 2^53), so when
 * every ranked value was and is whole the old total is corrected by the changed players'
 * values; otherwise (fractions could round differently) it is summed again in player order, as
 * a fresh build sums it.
 */
function patchedTotal(
  wasIntegral: boolean,
  total: number,
  before: ArrayLike<number>,
  after: ArrayLike<number>,
  changed: readonly number[],
  ranked: readonly boolean[],
  rankedBefore: readonly boolean[],
): { total: number; integral: boolean } {
  let corrected = total;
  let exact = wasIntegral;
  for (const p of changed) {
    if (rankedBefore[p]) corrected -= before[p]!;
    if (ranked[p]) {
      corrected += after[p]!;
      if (!Number.isSafeInteger(after[p]!)) exact = false;
    }
  }
  if (exact && Number.isSafeInteger(corrected)) return { total: corrected, integral: true };
  let sum = 0;
  let whole = true;
  for (let p = 0; p < after.length; p++) {
    if (!ranked[p]) continue;
    sum += after[p]!;
    if (whole && !Number.isSafeInteger(after[p]!)) whole = false;
  }
  return { total: sum, integral: whole && Number.isSafeInteger(sum) };
}

/**
 * A stat of the snapshot; its arrays are never modified again (their hash digests are kept). A
 * patched stat whose board or ranks came out as before (a few players played, nobody overtook
 * anybody) keeps the previous build's array: one array less to allocate and hash.
 */
function stat(def: StatDefinition, values: ValueColumn | number[], board: number[], total: number, previous?: SnapshotStat): SnapshotStat {
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
    values: stableNumbers(values),
    board: previous !== undefined && sameNumbers(previous.board, board) ? previous.board : stableNumbers(board),
    ranks: previous !== undefined && sameNumbers(previous.ranks, ranks) ? previous.ranks : stableNumbers(ranks),
    total,
  };
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
