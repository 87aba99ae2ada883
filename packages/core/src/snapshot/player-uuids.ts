import type { PlayerSave } from '../save/types.js';

/**
 * The players' uuids, in order: what a builder's memo keeps to tell the next build whether it
 * reads the same players. A loop in a module function, not a `map` callback made at every build
 * (see `playTimes` in build-snapshot.ts).
 *
 * @example
 * playerUuids(save.players)[0] === save.players[0].uuid; // true
 */
export function playerUuids(players: readonly PlayerSave[]): string[] {
  const uuids: string[] = [];
  for (const player of players) uuids.push(player.uuid);
  return uuids;
}
