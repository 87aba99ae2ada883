import type { PlayerSave } from '../save/types.js';
import type { StatDefinition } from '../catalogue/types.js';
import { freshStats } from './fresh-stats.js';
import { changedRows, patchStats } from './patch-stats.js';
import { statRowKey } from './player-stat-row.js';
import { playerUuids } from './player-uuids.js';
import { runSteps } from './run-steps.js';
import { changedPlayers, reusable, sameBuild, sameList, type StatsMemo } from './stats-memo.js';
import type { SnapshotStat } from './types.js';

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
