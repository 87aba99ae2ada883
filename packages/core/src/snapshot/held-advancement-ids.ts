// Which advancement ids the players hold, and how many hold each: the ids the advancement table
// is made of (see buildAdvancements), recounted only for changed players between builds.
import { namespacedAdvancementId } from '../catalogue/advancement-catalogue.js';
import { packedPartsOf, sharedStrings, type PackedAdvancements } from '../save/packed.js';
import { AdvancementsReader } from '../save/packed-layouts.js';
import type { AdvancementProgress, PlayerSave } from '../save/types.js';
import { PATCH_SHARE } from './advancement-holders.js';
import { namespacedId } from './advancement-rows.js';

/** What `heldCounts` takes over from the last build. */
export interface HeldIdsMemo {
  uuids: readonly string[];
  /** Each player's entries key (see `entryKey`): the ids a key holds are read from it again. */
  keys: readonly (object | null)[];
  /** Players holding each advancement id (recipes included), of every id held. */
  counts: ReadonlyMap<string, number>;
  /**
   * The held ids of the players whose entries have no key (entries that may change, outside the
   * reader's cache), by player index; the others' are read again from their key when needed.
   */
  loose: ReadonlyMap<number, readonly string[]>;
}

/**
 * What stays the same object while a player's advancements file is unchanged: the packed
 * summary, or frozen entries; null for entries that may change under us (never cached by).
 */
export function entryKey(player: PlayerSave): object | null {
  const packed = packedPartsOf(player);
  if (packed !== undefined) return packed.advancements;
  return Object.isFrozen(player.advancements) ? player.advancements : null;
}

/**
 * The distinct namespaced ids of a key's entries (see `entryKey`: a packed summary or frozen
 * entries). Read again each time, not kept per player: a changed player's ids are read twice a
 * build (the old key's and the new), and a list of strings per player would hold ~0.6 KB each.
 */
function idsOfKey(key: object): readonly string[] {
  return Array.isArray(key) ? idsOfEntries(key as readonly AdvancementProgress[]) : idsOfPacked(key as PackedAdvancements);
}

function idsOfEntries(entries: readonly AdvancementProgress[]): readonly string[] {
  return [...new Set(entries.map((entry) => namespacedAdvancementId(entry.id)))];
}

function idsOfPacked(packed: PackedAdvancements): readonly string[] {
  // Distinct by the string number of the namespaced id (`story/root` and
  // `minecraft:story/root` are one), marked with a stamp per number: no set per player.
  const r = new AdvancementsReader(packed.data);
  const stamp = ++idStamp;
  const distinct: string[] = [];
  while (r.entry()) {
    r.skipCriteria();
    const canonical = canonicalId(r.id);
    if (idSeen[canonical] !== stamp) {
      idSeen[canonical] = stamp;
      distinct.push(sharedStrings.at(canonical));
    }
  }
  return distinct;
}

/** A player's held ids now: from their key, else from their entries. */
function heldIdsOf(player: PlayerSave, key: object | null): readonly string[] {
  return key !== null ? idsOfKey(key) : idsOfEntries(player.advancements);
}

/** `heldIdsOf`'s marks, by string number. */
const idSeen: number[] = [];
let idStamp = 0;

/** The string number of an id's namespaced form, by the string number of the id as written. */
const canonical: number[] = [];

function canonicalId(stringId: number): number {
  return (canonical[stringId] ??= sharedStrings.id(namespacedId(stringId)));
}

/**
 * How many players hold each id, and the held ids of the players without a key: from the last
 * build's counts when few players changed since (only theirs are recounted, players who came or
 * went included), else from every player.
 */
export function heldCounts(
  players: readonly PlayerSave[],
  keys: readonly (object | null)[],
  memo: HeldIdsMemo | undefined,
): { counts: Map<string, number>; loose: Map<number, readonly string[]> } {
  return (memo !== undefined ? patchedCounts(players, keys, memo) : null) ?? freshCounts(players, keys);
}

/** Every player counted. */
function freshCounts(players: readonly PlayerSave[], keys: readonly (object | null)[]): { counts: Map<string, number>; loose: Map<number, readonly string[]> } {
  const counts = new Map<string, number>();
  const loose = new Map<number, readonly string[]>();
  for (let p = 0; p < players.length; p++) {
    const key = keys[p]!;
    const ids = heldIdsOf(players[p]!, key);
    if (key === null) loose.set(p, ids);
    countHeld(counts, ids, 1);
  }
  return { counts, loose };
}

/** The memo's counts with the players who changed, came or went recounted, or null when too many did. */
function patchedCounts(
  players: readonly PlayerSave[],
  keys: readonly (object | null)[],
  memo: HeldIdsMemo,
): { counts: Map<string, number>; loose: Map<number, readonly string[]> } | null {
  const same = sameUuids(memo.uuids, players);
  let before: Map<string, number> | null = null;
  if (!same) {
    before = new Map();
    for (let q = 0; q < memo.uuids.length; q++) before.set(memo.uuids[q]!, q);
  }
  const limit = players.length * PATCH_SHARE;
  const counts = new Map(memo.counts);
  const loose = new Map<number, readonly string[]>();
  const matched = same ? null : new Uint8Array(memo.uuids.length);
  let recounted = 0;
  for (let p = 0; p < players.length; p++) {
    const key = keys[p]!;
    const q = same ? p : before!.get(players[p]!.uuid);
    if (q !== undefined) matched?.fill(1, q, q + 1);
    if (key !== null && q !== undefined && key === memo.keys[q]) continue;
    if (++recounted > limit) return null;
    if (q !== undefined) countHeld(counts, memoIds(memo, q), -1);
    const now = heldIdsOf(players[p]!, key);
    if (key === null) loose.set(p, now);
    countHeld(counts, now, 1);
  }
  // Players who left.
  if (matched !== null) {
    for (let q = 0; q < matched.length; q++) {
      if (matched[q] === 1) continue;
      if (++recounted > limit) return null;
      countHeld(counts, memoIds(memo, q), -1);
    }
  }
  return { counts, loose };
}

/** The ids player `q` of the memo's build held then. */
function memoIds(memo: HeldIdsMemo, q: number): readonly string[] {
  const key = memo.keys[q]!;
  return key !== null ? idsOfKey(key) : memo.loose.get(q)!;
}

/** Adds `by` to the count of each id. */
function countHeld(counts: Map<string, number>, ids: readonly string[], by: number): void {
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + by);
}

/** Whether `players` are the players of `uuids`, in that order. */
export function sameUuids(uuids: readonly string[], players: readonly PlayerSave[]): boolean {
  if (uuids.length !== players.length) return false;
  for (let p = 0; p < players.length; p++) if (uuids[p] !== players[p]!.uuid) return false;
  return true;
}
