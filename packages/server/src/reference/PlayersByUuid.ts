import { indexOfUuid, type PlayerSave } from '@blockstats/core';

/**
 * Players by uuid (each player's own `uuid`, each once), in the order of the array given, as a
 * read-only map made without a hash entry per player: a pull's last good readings (see
 * `keepLastGood`) are the read's players but for a few, and a `Map` of 10,000 of them, built
 * anew at every pull, cost more than the rest of keeping them. A lookup searches the array by
 * halves when its uuids ascend (a read's players are sorted by uuid), else, and after a few
 * hundred lookups, through a `Map` made then. The array must not change afterwards.
 *
 * @example
 * const readings = new PlayersByUuid(read.players);
 * readings.get(uuid); // the player of that uuid, or undefined
 */
export class PlayersByUuid implements ReadonlyMap<string, PlayerSave> {
  readonly #players: readonly PlayerSave[];
  /** Unknown until the first lookup; then whether the uuids ascend, or the index by uuid. */
  #index: 'sorted' | Map<string, number> | null = null;
  #lookups = 0;

  constructor(players: readonly PlayerSave[]) {
    this.#players = players;
  }

  /** The players, in order (read only). */
  get players(): readonly PlayerSave[] {
    return this.#players;
  }

  get size(): number {
    return this.#players.length;
  }

  get(uuid: string): PlayerSave | undefined {
    const at = this.#indexOf(uuid);
    return at < 0 ? undefined : this.#players[at];
  }

  has(uuid: string): boolean {
    return this.#indexOf(uuid) >= 0;
  }

  keys(): MapIterator<string> {
    return this.#players.map((player) => player.uuid).values();
  }

  values(): MapIterator<PlayerSave> {
    return this.#players.values();
  }

  entries(): MapIterator<[string, PlayerSave]> {
    return this.#players.map((player): [string, PlayerSave] => [player.uuid, player]).values();
  }

  [Symbol.iterator](): MapIterator<[string, PlayerSave]> {
    return this.entries();
  }

  forEach(use: (player: PlayerSave, uuid: string, map: ReadonlyMap<string, PlayerSave>) => void, thisArg?: unknown): void {
    for (const player of this.#players) use.call(thisArg, player, player.uuid, this);
  }

  #indexOf(uuid: string): number {
    const players = this.#players;
    if (this.#index === null) this.#index = ascending(players) ? 'sorted' : indexByUuid(players);
    // Many lookups (a pass over every player on disk) go through an index, made then.
    if (this.#index === 'sorted' && ++this.#lookups > SEARCHES) this.#index = indexByUuid(players);
    if (this.#index !== 'sorted') return this.#index.get(uuid) ?? -1;
    return indexOfUuid(players, uuid);
  }
}

/** Lookups searched by halves before an index is made. */
const SEARCHES = 256;

function indexByUuid(players: readonly PlayerSave[]): Map<string, number> {
  return new Map(players.map((player, at) => [player.uuid, at]));
}

/** Whether the players' uuids strictly ascend. */
function ascending(players: readonly PlayerSave[]): boolean {
  for (let i = 1; i < players.length; i++) if (!(players[i - 1]!.uuid < players[i]!.uuid)) return false;
  return true;
}
