import type { PlayerSave } from '../packages/core/src/index.js';

const Q = 15 * 60_000;

/**
 * The demo record's default last pull: the save's newest `last_online`, up to the quarter hour
 * (NaN when no player's is known). The demo stat history ends on the same day, and the demo
 * clock continues from it.
 */
export function demoRecordEnd(players: readonly PlayerSave[]): number {
  const newest = Math.max(...players.map((p) => p.lastOnline ?? -Infinity));
  return Number.isFinite(newest) ? Math.ceil(newest / Q) * Q : NaN;
}
