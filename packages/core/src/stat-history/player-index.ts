/**
 * The players of a stat history, numbered in the order first recorded: a uuid's history player
 * number indexes every per-player array of the history.
 *
 * @example
 * const players = new PlayerIndex();
 * players.intern('uuid-a'); // 0
 * players.intern('uuid-a'); // 0 again
 */
export class PlayerIndex {
  /** Every player ever recorded, by history player number. */
  readonly uuids: string[] = [];
  readonly #index = new Map<string, number>();

  /** The history player number of a uuid, or undefined when never recorded. */
  of(uuid: string): number | undefined {
    return this.#index.get(uuid);
  }

  /** The history player number of a uuid, numbering it when new. */
  intern(uuid: string): number {
    let p = this.#index.get(uuid);
    if (p !== undefined) return p;
    p = this.uuids.length;
    this.uuids.push(uuid);
    this.#index.set(uuid, p);
    return p;
  }
}
