import { byNameRank, fitsMajor, fitsPlayers, keyMajor, keyRank, MAJOR_LIMIT, sortKey } from './sort-keys.js';
import { runSteps } from './run-steps.js';
import type { SnapshotAdvancement } from './types.js';
import { holderTime } from './holder-times.js';
import { entryAdvancement, entryCount, entryDone, entryTime, type AdvancementEntries } from './advancement-row.js';

// Each advancement's holders and their completion times, in earn order, as `buildAdvancements`
// sets them: gathered from every player's row, or patched from the last build's.

/** Advancements put in order between two yields of `fillHoldersSteps`. */
const HOLDERS_PER_STEP = 16;

/** Above this share of changed players the holders are gathered, and held ids counted, from scratch. */
export const PATCH_SHARE = 1 / 8;

/** The last build's rows and advancements, for `patchHolders`. */
interface LastHolders {
  /** Each player's row, by identity: the same object while the advancements file is unchanged. */
  rows: readonly AdvancementEntries[];
  advancements: readonly SnapshotAdvancement[];
}

/**
 * Holders as `fillHolders` gives them, from the last build's: an advancement whose holders no
 * changed player joined, left or holds at another time now keeps its arrays (a player who
 * played, and whose file the game rewrote, keeps the times of what they had earned); one whose
 * holders changed keeps its other holders' order and has the changed players merged in. Gathers
 * from scratch when too many players changed.
 */
export function patchHolders(
  advancements: SnapshotAdvancement[],
  memo: LastHolders,
  rows: readonly AdvancementEntries[],
  nameRank: ArrayLike<number>,
): void {
  const changed: number[] = [];
  for (let p = 0; p < rows.length; p++) if (rows[p] !== memo.rows[p]) changed.push(p);
  if (changed.length > rows.length * PATCH_SHARE) {
    fillHolders(advancements, rows, nameRank);
    return;
  }
  const isChanged = new Uint8Array(rows.length);
  const differs = changedCompletions(changed, memo.rows, rows, advancements.length);
  /** Per advancement, the changed players' completions now: [player, at, …]. */
  const added = new Map<number, number[]>();
  for (const p of changed) {
    isChanged[p] = 1;
    const now = rows[p]!;
    for (let i = 0; i < entryCount(now) && entryDone(now, i); i++) {
      const a = entryAdvancement(now, i);
      let list = added.get(a);
      if (list === undefined) added.set(a, (list = []));
      list.push(p, entryTime(now, i));
    }
  }
  for (let a = 0; a < advancements.length; a++) {
    const advancement = advancements[a]!;
    const previous = memo.advancements[a]!;
    if (!differs[a]) {
      advancement.holders = previous.holders;
      advancement.holder_at = previous.holder_at;
      continue;
    }
    mergeHolders(advancement, previous, added.get(a) ?? [], isChanged, nameRank);
  }
}

/**
 * Sets an advancement's holders to the previous holders but the changed players (`isChanged`),
 * merged with `pairs`, the changed players' completions now (`[player, at, …]`), in earn order.
 */
function mergeHolders(
  advancement: SnapshotAdvancement,
  previous: SnapshotAdvancement,
  pairs: readonly number[],
  isChanged: Uint8Array,
  nameRank: ArrayLike<number>,
): void {
  // The changed players' completions in earn order (offsets into `pairs`), then merged with the others'.
  const order: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) order.push(i);
  order.sort((i, j) => earlierHolder(nameRank, pairs[i]!, pairs[i + 1]!, pairs[j]!, pairs[j + 1]!));
  const holders: number[] = [];
  const holderAt: number[] = [];
  let k = 0;
  for (let i = 0; i < previous.holders.length; i++) {
    const p = previous.holders[i]!;
    if (isChanged[p]) continue;
    const at = holderTime(previous.holder_at, i)!;
    for (; k < order.length && earlierHolder(nameRank, pairs[order[k]!]!, pairs[order[k]! + 1]!, p, at) < 0; k++) {
      holders.push(pairs[order[k]!]!);
      holderAt.push(pairs[order[k]! + 1]!);
    }
    holders.push(p);
    holderAt.push(at);
  }
  for (; k < order.length; k++) {
    holders.push(pairs[order[k]!]!);
    holderAt.push(pairs[order[k]! + 1]!);
  }
  advancement.holders = holders;
  advancement.holder_at = holderAt;
}

/** Earn order of player `p` at `at` and player `q` at `bt`: earlier first, unknown last, then name order. */
function earlierHolder(nameRank: ArrayLike<number>, p: number, at: number, q: number, bt: number): number {
  return byTimeAsc(at, bt) || nameRank[p]! - nameRank[q]!;
}

/**
 * Per advancement, 1 when one of the `changed` players completed it, lost it, holds it with
 * another completion time in `now` than in `before`, or has it twice in a row (rows: completed
 * entries first, see `PlayerRow`): the advancements whose holders can differ from the last build's.
 */
function changedCompletions(
  changed: readonly number[],
  before: readonly AdvancementEntries[],
  now: readonly AdvancementEntries[],
  count: number,
): Uint8Array {
  const differs = new Uint8Array(count);
  // Per advancement, while one player is compared: 1 completed before (time in `at`), 2 also now at that time.
  const state = new Uint8Array(count);
  const at = new Float64Array(count);
  for (const p of changed) {
    const was = before[p]!;
    const is = now[p]!;
    for (let i = 0; i < entryCount(was) && entryDone(was, i); i++) {
      const a = entryAdvancement(was, i);
      // An advancement a row names twice (a file holding `story/root` and `minecraft:story/root`) differs.
      if (state[a] !== 0) differs[a] = 1;
      state[a] = 1;
      at[a] = entryTime(was, i);
    }
    for (let i = 0; i < entryCount(is) && entryDone(is, i); i++) {
      const a = entryAdvancement(is, i);
      if (state[a] === 1 && Object.is(at[a], entryTime(is, i))) state[a] = 2;
      else differs[a] = 1;
    }
    for (let i = 0; i < entryCount(was) && entryDone(was, i); i++) {
      const a = entryAdvancement(was, i);
      if (state[a] === 1) differs[a] = 1;
      state[a] = 0;
    }
  }
  return differs;
}

/**
 * Fills every advancement's holders and their times, in earn order: earliest first, unknown
 * times last, name order inside a tie. The completed entries of every player's row (they come
 * first in it) are grouped by advancement with a counting sort, then each group is put in order.
 */
export function fillHolders(advancements: SnapshotAdvancement[], rows: readonly AdvancementEntries[], nameRank: ArrayLike<number>): void {
  runSteps(fillHoldersSteps(advancements, rows, nameRank));
}

/**
 * `fillHolders` as steps: it yields after gathering the completions and after every
 * `HOLDERS_PER_STEP` advancements put in order, so a build that must keep answering (see
 * `buildSnapshotInSteps`) can pause there; at 10,000 players the whole table is tens of
 * milliseconds, and a restarted server runs it cold.
 */
export function* fillHoldersSteps(advancements: SnapshotAdvancement[], rows: readonly AdvancementEntries[], nameRank: ArrayLike<number>): Generator<void, void, void> {
  const starts = new Int32Array(advancements.length + 1);
  for (const row of rows) {
    for (let i = 0; i < entryCount(row) && entryDone(row, i); i++) starts[entryAdvancement(row, i) + 1]!++;
  }
  for (let a = 0; a < advancements.length; a++) starts[a + 1]! += starts[a]!;
  const holderOf = new Int32Array(starts[advancements.length]!);
  const atOf = new Float64Array(holderOf.length);
  const next = starts.slice(0, advancements.length);
  rows.forEach((row, p) => {
    for (let e = 0; e < entryCount(row) && entryDone(row, e); e++) {
      const i = next[entryAdvancement(row, e)]!++;
      holderOf[i] = p;
      atOf[i] = entryTime(row, e);
    }
  });

  const playerAt = byNameRank(nameRank);
  const keys = new Float64Array(holderOf.length);
  yield;
  for (let a = 0; a < advancements.length; a++) {
    if (a > 0 && a % HOLDERS_PER_STEP === 0) yield;
    const advancement = advancements[a]!;
    const start = starts[a]!;
    const count = starts[a + 1]! - start;
    const holders: number[] = [];
    const holderAt: number[] = [];
    // Keys: the time in whole seconds (the game writes seconds), unknown after every time.
    let packable = fitsPlayers(rows.length);
    for (let i = 0; i < count && packable; i++) {
      const at = atOf[start + i]!;
      const major = at === -1 ? MAJOR_LIMIT - 1 : at / 1000;
      if (major === MAJOR_LIMIT - 1 && at !== -1) packable = false;
      else if (fitsMajor(major)) keys[i] = sortKey(major, nameRank[holderOf[start + i]!]!);
      else packable = false;
    }
    if (packable) {
      const sorted = keys.subarray(0, count).sort();
      for (let i = 0; i < count; i++) {
        const key = sorted[i]!;
        const major = keyMajor(key);
        holders.push(playerAt[keyRank(key)]!);
        holderAt.push(major === MAJOR_LIMIT - 1 ? -1 : major * 1000);
      }
    } else {
      const order = Array.from({ length: count }, (_, i) => start + i);
      order.sort((i, j) => byTimeAsc(atOf[i]!, atOf[j]!) || nameRank[holderOf[i]!]! - nameRank[holderOf[j]!]!);
      for (const i of order) {
        holders.push(holderOf[i]!);
        holderAt.push(atOf[i]!);
      }
    }
    advancement.holders = holders;
    advancement.holder_at = holderAt;
  }
}

/** Oldest first, with -1 (unknown) after every known time. */
function byTimeAsc(a: number, b: number): number {
  if (a === b) return 0;
  if (a === -1) return 1;
  if (b === -1) return -1;
  return a - b;
}
