/**
 * The players (indexes into a dense array of sums) that an addition wrote to, each listed once:
 * what lets a query going through every statistic look at, and empty again, only the players
 * with a gain instead of every player (the crowns: a statistic's period board is a few players
 * among thousands).
 *
 * @example
 * ```ts
 * const touched = new TouchedPlayers(snapshot.players.length);
 * history.addGainsOver(column, first, last, sums, to, true, touched);
 * for (let i = 0; i < touched.count; i++) sums[touched.list[i]!]; // every non-zero sum
 * touched.clear();
 * ```
 */
export class TouchedPlayers {
  /** The players touched since the last `clear`, in the order first touched (the first `count`). */
  readonly list: Int32Array;
  count = 0;
  readonly #seen: Uint8Array;

  constructor(players: number) {
    this.list = new Int32Array(players);
    this.#seen = new Uint8Array(players);
  }

  /** Notes player `p` (0 ≤ p < players). */
  add(p: number): void {
    if (this.#seen[p] === 1) return;
    this.#seen[p] = 1;
    this.list[this.count++] = p;
  }

  /** Forgets every player noted. */
  clear(): void {
    for (let i = 0; i < this.count; i++) this.#seen[this.list[i]!] = 0;
    this.count = 0;
  }
}
