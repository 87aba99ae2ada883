import { attachPacked, packedPartsOf } from '../save/packed.js';
import type { PlayerSave, SaveData } from '../save/types.js';

/**
 * One server's save as that server's view of a network (issue 38): its own players and counters,
 * but each player under the name the network knows them by, and the network's ban and operator
 * lists, so that a player banned on any server is hidden on every server's pages too (and a
 * `hide` entry by name matches the same players in every view). `network` is `mergeSaves`' result
 * over the servers including this one. Give the result to `buildSnapshot` for the server's
 * leaderboards, profiles and advancements.
 *
 * @example
 * ```ts
 * const network = mergeSaves(members);
 * const survival = buildSnapshot(serverView(members[0].save, network), { now: Date.now() });
 * ```
 */
export function serverView(save: SaveData, network: SaveData): SaveData {
  const names = playersByUuid(network.players);
  const players = save.players.map((p) => {
    const known = names.get(p.uuid);
    return known === undefined || (known.name === p.name && known.nameSource === p.nameSource) ? p : renamed(p, known);
  });
  return {
    ...save,
    bannedPlayers: network.bannedPlayers ?? [],
    operators: network.operators ?? [],
    players,
  };
}

/** Each network's players by uuid, made once for all its servers' views. */
const byUuid = new WeakMap<readonly PlayerSave[], ReadonlyMap<string, PlayerSave>>();

function playersByUuid(players: readonly PlayerSave[]): ReadonlyMap<string, PlayerSave> {
  let names = byUuid.get(players);
  if (names === undefined) {
    const map = new Map<string, PlayerSave>();
    for (const p of players) map.set(p.uuid, p);
    byUuid.set(players, (names = map));
  }
  return names;
}

/**
 * The last renamed copy of each player read, while the player is: the next view gives the same
 * object back for the same name, so the builder keeps what it built for that player (their row,
 * their profile) as for any unchanged player.
 */
const copies = new WeakMap<PlayerSave, PlayerSave>();

/** `player` under `known`'s name, still packed (so the builder keeps reading its packed summaries). */
function renamed(player: PlayerSave, known: PlayerSave): PlayerSave {
  const last = copies.get(player);
  if (last !== undefined && last.name === known.name && last.nameSource === known.nameSource) return last;
  const copy = renamedCopy(player, known);
  copies.set(player, copy);
  return copy;
}

function renamedCopy(player: PlayerSave, known: PlayerSave): PlayerSave {
  const parts = packedPartsOf(player);
  const copy = parts ? attachPacked(player, parts) : { ...player };
  copy.name = known.name;
  copy.nameSource = known.nameSource;
  return copy;
}
