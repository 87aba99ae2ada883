import type { ActivityRecord, PlayerTrack } from './types.js';

/** The players objects never changed once made (a record's views: see `visibleRecord`). */
const fixed = new WeakSet<ActivityRecord['players']>();
/** The entries of each fixed players object. */
const kept = new WeakMap<ActivityRecord['players'], PlayerEntries>();

/** A record's players as two arrays in the object's order. */
export interface PlayerEntries {
  uuids: readonly string[];
  tracks: readonly PlayerTrack[];
}

/**
 * Marks a players object that will never get or lose a player (a view's: the record's own
 * object grows at each pull), so that `playerEntries` lists it once. Returns it.
 *
 * @example
 * const view = { ...record, players: fixPlayers(players) };
 */
export function fixPlayers(players: ActivityRecord['players']): ActivityRecord['players'] {
  fixed.add(players);
  return players;
}

/** Whether `players` was marked never to change (see `fixPlayers`). */
export function fixedPlayers(players: ActivityRecord['players']): boolean {
  return fixed.has(players);
}

/**
 * The record's players in its object's order (a `for … in` over it), listed once per fixed
 * players object: a pass over 10,000 uuid keys of an object in dictionary mode costs more than
 * reading two arrays, and a view's players are read by several answers at every pull.
 *
 * @example
 * const { uuids, tracks } = playerEntries(visibleRecord(record, snapshot));
 */
export function playerEntries(record: ActivityRecord): PlayerEntries {
  const known = kept.get(record.players);
  if (known) return known;
  const uuids: string[] = [];
  const tracks: PlayerTrack[] = [];
  for (const uuid in record.players) {
    uuids.push(uuid);
    tracks.push(record.players[uuid]!);
  }
  const entries = { uuids, tracks };
  if (fixed.has(record.players)) kept.set(record.players, entries);
  return entries;
}
