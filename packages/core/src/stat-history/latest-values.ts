/**
 * Each player's latest closed values in a stat history, one row of `width` columns per history
 * player number, and whether the player was seen on a closed day. Allocated (and grown) once a
 * closed day or a checkpoint gives values: until then every player's are 0 and read as such
 * (past the matrix's end), so a history's first day holds no matrix of zeros (17 MB at 10,000
 * players).
 *
 * @example
 * const latest = new LatestValues(2);
 * latest.room(0, 1);
 * latest.values[0 * 2 + 1] = 5;
 * latest.pairs(0); // [1, 5]
 */
export class LatestValues {
  readonly width: number;
  #values = new Float64Array(0);
  #known = new Uint8Array(0);

  constructor(width: number) {
    this.width = width;
  }

  /** The matrix, `values[player * width + column]`: read `?? 0` past its end (see `room`). */
  get values(): Float64Array {
    return this.#values;
  }

  /** Player `player`'s value in `column` (0 past the matrix). */
  get(player: number, column: number): number {
    return this.#values[player * this.width + column] ?? 0;
  }

  /** Room in the matrix for player `player`, of `players` numbered so far. */
  room(player: number, players: number): void {
    if ((player + 1) * this.width <= this.#values.length) return;
    // A quarter more room, not double: at 10,000 players the latest values are 17 MB.
    const values = new Float64Array(capacity(players) * this.width);
    values.set(this.#values);
    this.#values = values;
  }

  /** Whether the player was seen on a closed day (or a checkpoint says so). */
  known(player: number): boolean {
    return this.#known[player] === 1;
  }

  /** Marks the player seen on a closed day, of `players` numbered so far. */
  markKnown(player: number, players: number): void {
    if (player >= this.#known.length) {
      const known = new Uint8Array(capacity(players));
      known.set(this.#known);
      this.#known = known;
    }
    this.#known[player] = 1;
  }

  /** A copy of one player's values, zeros past the matrix. */
  copy(player: number): Float64Array {
    const base = player * this.width;
    return base + this.width <= this.#values.length ? this.#values.slice(base, base + this.width) : new Float64Array(this.width);
  }

  /** One player's non-zero values as `[column, value, …]` pairs. */
  pairs(player: number): number[] {
    const pairs: number[] = [];
    for (let s = 0; s < this.width; s++) {
      const v = this.get(player, s);
      if (v !== 0) pairs.push(s, v);
    }
    return pairs;
  }

  /** Bytes held. */
  bytes(): number {
    return this.#values.byteLength + this.#known.byteLength;
  }
}

const capacity = (players: number): number => Math.ceil(players * 1.25) + 64;
