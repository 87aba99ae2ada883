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
   * The players to give the next pull's `recordPull`: all of them when the counter list
   * changed (a new event stat must be recorded for everyone) or nothing is known, else those
   * whose reading is not the one last recorded.
   */
  toRecord(players: readonly PlayerSave[], statIds: readonly string[]): readonly PlayerSave[] {
    if (this.#statIds !== statIds.join('\n')) return players;
    return players.filter((player) => this.#byUuid.get(player.uuid) !== player);
  }

  /** After `recordPull` took `recorded` (what `toRecord` gave) with `statIds`. */
  recorded(players: readonly PlayerSave[], recorded: readonly PlayerSave[], statIds: readonly string[]): void {
    const key = statIds.join('\n');
    // Rebuilt when the list changed, or when players left (their readings are dropped with them).
    if (this.#statIds !== key || this.#byUuid.size > players.length + FORGET_AFTER) {
      this.#byUuid.clear();
      this.#statIds = key;
      recorded = players;
    }
    for (const player of recorded) this.#byUuid.set(player.uuid, player);
  }

  /** Nothing is known: the next pull gives every player (after a failed append). */
  forget(): void {
    this.#byUuid.clear();
    this.#statIds = null;
  }
}

/** Readings of players no longer in the save kept at most (the map is rebuilt past it). */
const FORGET_AFTER = 1_000;
