import type { Player, Snapshot } from '../snapshot/types.js';
import { resolvePlayerIndex } from './resolve-player-index.js';
import { toPlayer } from './to-player.js';

/**
 * The Player an identifier names: an in-game name (exact, case-insensitive; a reused name
 * gives the most recently seen account), a dashed UUID or a bare 32-hex UUID. Null when nobody
 * matches. The one lookup every `{player}` route shares.
 *
 * @example
 * ```ts
 * findPlayer(snapshot, 'STEVE')?.uuid; // '8667ba71-b85a-4004-af54-457a9734eed7'
 * findPlayer(snapshot, '8667ba71b85a4004af54457a9734eed7')?.name; // 'Steve'
 * ```
 */
export function findPlayer(snapshot: Snapshot, identifier: string): Player | null {
  const index = resolvePlayerIndex(snapshot, identifier);
  return index === -1 ? null : toPlayer(snapshot, index);
}
