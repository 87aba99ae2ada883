import { attachPacked, packedPartsOf } from '../save/packed.js';
import type { PlayerSave, SaveData } from '../save/types.js';

/**
 * One server's save as that server's view of a network (issue 38): its own players and counters,
 * but each player under the name the network knows them by, and the network's ban and operator
 * lists, so that a player banned on any server is hidden on every server's pages too (and a
 * `hide` entry by name matches the same players in every view). `network` is `mergeSaves`' result
 * over the servers including this one. Give the result to `buildSnapshot` for the server's
 * leaderboards, profiles and advancements. `last`, this server's view a pull ago, lends its
 * players where neither the server's reading nor the network's player changed (the same objects
 * at the same places): only the changed ones are looked up, and the result is the same.
 *
 * @example
 * ```ts
 * const network = mergeSaves(members);
 * const survival = buildSnapshot(serverView(members[0].save, network), { now: Date.now() });
 * const next = serverView(nextSave, mergeSaves(nextMembers), survivalView); // a pull later
 * ```
 */
export function serverView(save: SaveData, network: SaveData, last?: SaveData | null): SaveData {
  const basis = last ? madeOf.get(last) : undefined;
  const players = (basis !== undefined ? patchedPlayers(save, network, basis, last!.players) : null) ?? viewPlayers(save, network);
  const view = {
    ...save,
    bannedPlayers: network.bannedPlayers ?? [],
    operators: network.operators ?? [],
    players,
  };
  madeOf.set(view, { server: save.players, network: network.players });
  return view;
}

/** What each view was made of: its server's players and the network's. */
const madeOf = new WeakMap<SaveData, { server: readonly PlayerSave[]; network: readonly PlayerSave[] }>();

/** Every player of `save` under the name the network knows them by. */
function viewPlayers(save: SaveData, network: SaveData): PlayerSave[] {
  const names = playersByUuid(network.players);
  return save.players.map((p) => viewed(p, names.get(p.uuid)));
}

/** `player` as the network names them (`known`: the network's player of that uuid, if any). */
function viewed(p: PlayerSave, known: PlayerSave | undefined): PlayerSave {
  return known === undefined || (known.name === p.name && known.nameSource === p.nameSource) ? p : renamed(p, known);
}

/**
 * `viewPlayers` from the last view (`lastPlayers`, made of `basis`): a player whose reading and
 * whose network player are the objects they were then keeps the last view's object, so only the
 * players that changed on this server or anywhere in the network are looked up. Null when the
 * lists changed length or order (a player came or went): a new view is made.
 */
function patchedPlayers(save: SaveData, network: SaveData, basis: { server: readonly PlayerSave[]; network: readonly PlayerSave[] }, lastPlayers: readonly PlayerSave[]): PlayerSave[] | null {
  const players = save.players;
  const before = basis.server;
  if (players.length !== before.length || lastPlayers.length !== players.length) return null;
  const changed = networkChanges(network.players, basis.network);
  if (changed === null) return null;
  const out = new Array<PlayerSave>(players.length);
  let names: ReadonlyMap<string, PlayerSave> | undefined;
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    if (p === before[i] && !changed.has(p.uuid)) out[i] = lastPlayers[i]!;
    else out[i] = viewed(p, changed.get(p.uuid) ?? (names ??= playersByUuid(network.players)).get(p.uuid));
  }
  return out;
}

/** The network's players that are other objects than at the same place before, by uuid (null when the places moved). Computed once for every view. */
function networkChanges(now: readonly PlayerSave[], before: readonly PlayerSave[]): ReadonlyMap<string, PlayerSave> | null {
  const known = changes.get(now);
  if (known !== undefined && known.before === before) return known.changed;
  let changed: Map<string, PlayerSave> | null = new Map();
  if (now.length !== before.length) changed = null;
  for (let j = 0; changed !== null && j < now.length; j++) {
    const a = now[j]!;
    const b = before[j]!;
    if (a === b) continue;
    if (a.uuid !== b.uuid) changed = null;
    else changed.set(a.uuid, a);
  }
  changes.set(now, { before, changed });
  return changed;
}

/** The last `networkChanges` of each network's players. */
const changes = new WeakMap<readonly PlayerSave[], { before: readonly PlayerSave[]; changed: ReadonlyMap<string, PlayerSave> | null }>();

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
