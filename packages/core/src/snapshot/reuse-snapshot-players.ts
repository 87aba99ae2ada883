import { stableObject } from './content-hash.js';
import { samePlayer } from './same-player.js';
import type { PlayerSave } from '../save/types.js';
import type { SnapshotPlayer } from './types.js';

/** The players of the last build, kept as long as something else keeps them (a served snapshot). */
let lastBuilt: WeakRef<readonly SnapshotPlayer[]> | null = null;

/**
 * The players of a new build, each replaced by the last build's object at the same index when
 * that one is equal in every field (arrays by content), and all marked stable for the content
 * hash. A rebuild 15 minutes later changes a few hundred profiles of 10,000 (the players who
 * played, and those whose ranks they moved): the rest stay the objects already hashed, and
 * already in the old generation. `last` is the build to compare with (default: the last one
 * built, while something still holds it). Modifies and returns `players`.
 *
 * @example
 * const players = reuseSnapshotPlayers(built); // built[i] or the equal player of the last build
 */
export function reuseSnapshotPlayers(players: SnapshotPlayer[], last?: readonly SnapshotPlayer[]): SnapshotPlayer[] {
  const previous = playersToReuse(last);
  for (let i = 0; i < players.length; i++) players[i] = reusedPlayer(previous, i, players[i]!);
  return rememberPlayers(players);
}

/** The players a build compares its profiles with: `last`, else the last build's while something still holds them. */
export function playersToReuse(last?: readonly SnapshotPlayer[]): readonly SnapshotPlayer[] | undefined {
  return last ?? lastBuilt?.deref();
}

/**
 * `previous[i]` when it equals `made` in every field, else `made` marked stable: what
 * `reuseSnapshotPlayers` puts at index `i`. Called as each profile is made, the profile a
 * rebuild keeps the old object of is garbage at once, not carried through the rest of the build.
 */
export function reusedPlayer(previous: readonly SnapshotPlayer[] | undefined, i: number, made: SnapshotPlayer): SnapshotPlayer {
  const before = previous !== undefined && i < previous.length ? previous[i]! : undefined;
  return before !== undefined && samePlayer(before, made) ? before : stableObject(made);
}

/** The readings each build's players were made from, as long as the players are kept. */
const readings = new WeakMap<readonly SnapshotPlayer[], readonly PlayerSave[]>();

/**
 * Keeps `players` as the last build's (see `playersToReuse`), with the readings they were made
 * from, index for index, when given (see `readingsOf`); returns them.
 */
export function rememberPlayers(players: SnapshotPlayer[], from?: readonly PlayerSave[]): SnapshotPlayer[] {
  lastBuilt = new WeakRef(players);
  if (from !== undefined) readings.set(players, from);
  return players;
}

/** The readings a build's players were made from (see `rememberPlayers`), or undefined. */
export function readingsOf(players: readonly SnapshotPlayer[]): readonly PlayerSave[] | undefined {
  return readings.get(players);
}
