import type { PlayerSave } from '@blockstats/core';

/**
 * The player readings whose counters the activity record holds, so a pull hands `recordPull`
 * only the players read anew. `recordPull` carries over every player a pull does not give, and
 * a reading is the same object while the player's files are unchanged (`readSave` with a parse
 * cache), so the entry written is the one all players would give; at 10,000 players, comparing
 * every player's counters with the record took ~20 ms of every pull.
 */
export class RecordedReadings {
  /** Each player's last recorded reading, by uuid. */
  readonly #byUuid = new Map<string, PlayerSave>();
  /** The counter list they were recorded with (the week's event stat changes it). */
  #statIds: string | null = null;
  /**
   * The players of the last pull recorded, when every one of them is the reading recorded of
   * its uuid: the next pull's player at the same index, the same object, needs no lookup.
   */
  #last: readonly PlayerSave[] | null = null;
  /** What the last `toRecord` gave, and for which players. */
  #given: { players: readonly PlayerSave[]; result: readonly PlayerSave[] } | null = null;

  /**
   * The players to give the next pull's `recordPull`: all of them when the counter list
   * changed (a new event stat must be recorded for everyone) or nothing is known, else those
   * whose reading is not the one last recorded.
   */
  toRecord(players: readonly PlayerSave[], statIds: readonly string[]): readonly PlayerSave[] {
    this.#given = null;
    if (this.#statIds !== statIds.join('\n')) return players;
    // A loop rather than a callback made at every pull; the unchanged players (nearly all) are
    // found at their index in the last pull's list, without a lookup by uuid.
    const last = this.#last ?? [];
    const result: PlayerSave[] = [];
    for (let i = 0; i < players.length; i++) {
      const player = players[i]!;
      if (player !== last[i] && this.#byUuid.get(player.uuid) !== player) result.push(player);
    }
    this.#given = { players, result };
    return result;
  }

  /** After `recordPull` took `recorded` (what `toRecord` gave) with `statIds`. */
  recorded(players: readonly PlayerSave[], recorded: readonly PlayerSave[], statIds: readonly string[]): void {
    const key = statIds.join('\n');
    // Every player is then its recorded reading when `recorded` is all of them or what
    // `toRecord` gave for them (the others' readings were recorded already).
    const given = this.#given;
    this.#given = null;
    const whole = this.#statIds === key && given !== null && given.players === players && given.result === recorded;
    // Rebuilt when the list changed, or when players left (their readings are dropped with them).
    if (this.#statIds !== key || this.#byUuid.size > players.length + FORGET_AFTER) {
      this.#byUuid.clear();
      this.#statIds = key;
      recorded = players;
    }
    for (const player of recorded) this.#byUuid.set(player.uuid, player);
    this.#last = whole || recorded === players ? players : null;
  }

  /** Nothing is known: the next pull gives every player (after a failed append). */
  forget(): void {
    this.#byUuid.clear();
    this.#statIds = null;
    this.#last = null;
    this.#given = null;
  }
}

/** Readings of players no longer in the save kept at most (the map is rebuilt past it). */
const FORGET_AFTER = 1_000;
