// Which advancement ids the players hold, and how many hold each: the ids the advancement table
// is made of (see buildAdvancements), recounted only for changed players between builds.
import { namespacedAdvancementId } from '../catalogue/advancement-catalogue.js';
import { packedPartsOf, sharedStrings } from '../save/packed.js';
import type { PlayerSave } from '../save/types.js';
import { PATCH_SHARE } from './advancement-holders.js';
import { namespacedId } from './advancement-rows.js';

/** What `heldCounts` takes over from the last build. */
export interface HeldIdsMemo {
  uuids: readonly string[];
  /** Each player's entries key (see `entryKey`). */
  keys: readonly (object | null)[];
  /** Players holding each advancement id (recipes included), of every id held. */
  counts: ReadonlyMap<string, number>;
  /** Each player's held ids at that build. */
  ids: readonly (readonly string[])[];
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

/** The distinct namespaced ids of a key's entries, computed once per key. */
const idsByKey = new WeakMap<object, readonly string[]>();

function heldIdsOf(player: PlayerSave, key: object | null): readonly string[] {
  let ids = key === null ? undefined : idsByKey.get(key);
  if (ids !== undefined) return ids;
  const packed = packedPartsOf(player)?.advancements;
  if (packed) {
    // Distinct by the string number of the namespaced id (`story/root` and
    // `minecraft:story/root` are one), marked with a stamp per number: no set per player.
    const { data } = packed;
    const stamp = ++idStamp;
    const distinct: string[] = [];
    for (let o = 0; o < data.length; o += 4 + 2 * data[o + 3]!) {
      const canonical = canonicalId(data[o]!);
      if (idSeen[canonical] !== stamp) {
        idSeen[canonical] = stamp;
        distinct.push(sharedStrings.at(canonical));
      }
    }
    ids = distinct;
  } else {
    ids = [...new Set(player.advancements.map((entry) => namespacedAdvancementId(entry.id)))];
  }
  if (key !== null) idsByKey.set(key, ids);
  return ids;
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
 * Each player's held ids, and how many players hold each id: from the last build's when the
 * same players are read again (only changed entries are recounted), else from every player.
 */
export function heldCounts(
  players: readonly PlayerSave[],
  keys: readonly (object | null)[],
  memo: HeldIdsMemo | undefined,
): { counts: Map<string, number>; ids: (readonly string[])[] } {
  if (memo !== undefined && sameUuids(memo.uuids, players)) {
    const counts = new Map(memo.counts);
    const ids: (readonly string[])[] = [];
    let recounted = 0;
    for (let p = 0; p < players.length; p++) {
      const key = keys[p]!;
      if (key !== null && key === memo.keys[p]) {
        ids.push(memo.ids[p]!);
        continue;
      }
      recounted++;
      const now = heldIdsOf(players[p]!, key);
      countHeld(counts, memo.ids[p]!, -1);
      countHeld(counts, now, 1);
      ids.push(now);
    }
    if (recounted <= players.length * PATCH_SHARE) return { counts, ids };
  }
  const counts = new Map<string, number>();
  const ids: (readonly string[])[] = [];
  for (let p = 0; p < players.length; p++) ids.push(heldIdsOf(players[p]!, keys[p]!));
  for (const held of ids) countHeld(counts, held, 1);
  return { counts, ids };
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

