import { parseUuid } from './parse-uuid.js';
import { isPreferredAccount } from './resolve-player.js';
import type { PlayerSave } from './types.js';

/**
 * Indexes `players` once and returns a look-up with exactly `resolvePlayer`'s rules (UUID dashed
 * or bare, or case-insensitive name, reused name → most recently seen), in constant time: for a
 * server answering many requests over one snapshot.
 *
 * @example
 * const resolve = createPlayerResolver(save.players);
 * resolve('Junyu5287')?.uuid; // '7c6db0fe-6d44-3433-be6b-597df03b5f2b'
 */
export function createPlayerResolver(
  players: readonly PlayerSave[],
): (identifier: string) => PlayerSave | null {
  const byUuid = new Map<string, PlayerSave>();
  const byName = new Map<string, PlayerSave>();
  for (const player of players) {
    if (!byUuid.has(player.uuid)) byUuid.set(player.uuid, player);
    if (player.name === null) continue;
    const key = player.name.toLowerCase();
    const known = byName.get(key);
    if (known === undefined || isPreferredAccount(player, known)) byName.set(key, player);
  }
  return (identifier: string): PlayerSave | null => {
    if (typeof identifier !== 'string' || identifier === '') return null;
    const uuid = parseUuid(identifier);
    if (uuid !== null) return byUuid.get(uuid) ?? null;
    return byName.get(identifier.toLowerCase()) ?? null;
  };
}
