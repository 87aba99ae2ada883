import { parseUuid } from './parse-uuid.js';
import type { PlayerSave } from './types.js';

/**
 * True when `a` is the account a reused name should resolve to rather than `b`: the most
 * recently seen (unknown last-online loses), then the smaller UUID so the choice is stable.
 */
export function isPreferredAccount(a: PlayerSave, b: PlayerSave): boolean {
  const aSeen = a.lastOnline ?? -Infinity;
  const bSeen = b.lastOnline ?? -Infinity;
  if (aSeen !== bSeen) return aSeen > bSeen;
  return a.uuid < b.uuid;
}

/**
 * Finds the player an API `{player}` identifier means (SPEC "Player identifier"): a dashed UUID,
 * a bare 32-hex-digit UUID (any letter case), or an exact, case-insensitive in-game name. When
 * several accounts have carried the name, the most recently seen one wins. Null when nothing
 * matches. For many look-ups over the same list, `createPlayerResolver` indexes it once.
 *
 * @example
 * resolvePlayer(save.players, 'junyu5287');                          // the most recently seen Junyu5287
 * resolvePlayer(save.players, '7c6db0fe6d443433be6b597df03b5f2b');   // by bare UUID
 */
export function resolvePlayer(players: readonly PlayerSave[], identifier: string): PlayerSave | null {
  if (typeof identifier !== 'string' || identifier === '') return null;
  const uuid = parseUuid(identifier);
  if (uuid !== null) return players.find((player) => player.uuid === uuid) ?? null;
  const wanted = identifier.toLowerCase();
  let best: PlayerSave | null = null;
  for (const player of players) {
    if (player.name === null || player.name.toLowerCase() !== wanted) continue;
    if (best === null || isPreferredAccount(player, best)) best = player;
  }
  return best;
}
