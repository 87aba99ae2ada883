import type { PlayerSave } from '../save/types.js';
import type { StatDefinition } from '../catalogue/types.js';
import type { SnapshotStat } from './types.js';

/** What the last build of a stat list left, for the next build to patch instead of redo. */
export interface StatsMemo {
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

/** The same list, and the same players in the same order and name order, as the memo's build. */
export function sameBuild(
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
export function sameList(memo: StatsMemo, defs: readonly StatDefinition[], sources: string): boolean {
  if (memo.sources !== sources || memo.defs.length !== defs.length) return false;
  for (let s = 0; s < defs.length; s++) if (memo.defs[s] !== defs[s]) return false;
  return true;
}

/**
 * For a build from scratch after players came or went (the order changed): where each player
 * was in the memo's build when their values cannot have changed since (the same key), else -1,
 * so their values are copied from the memo's columns instead of summed again.
 */
export function reusable(memo: StatsMemo, players: readonly PlayerSave[], keys: readonly (object | null)[]): { stats: readonly SnapshotStat[]; from: Int32Array } {
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
export function changedPlayers(memo: StatsMemo, keys: readonly (object | null)[], ranked: readonly boolean[]): number[] {
  const changed: number[] = [];
  for (let p = 0; p < keys.length; p++) if (keys[p] === null || memo.keys[p] !== keys[p] || memo.ranked[p] !== ranked[p]) changed.push(p);
  return changed;
}
