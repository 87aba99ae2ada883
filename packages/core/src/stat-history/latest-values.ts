/** A cell holding this reads its value from the large values (`#large`). */
const LARGE = 0xffff_ffff;

/**
 * Each player's latest closed values in a stat history, one row of `width` columns per history
 * player number, and whether the player was seen on a closed day. Allocated (and grown) once a
 * closed day or a checkpoint gives values: until then every player's are 0 and read as such
 * (past the matrix's end), so a history's first day holds no matrix of zeros.
 *
 * Values are whole counters below 2^32 (a Minecraft statistic is a 32-bit int): 4 bytes each
 * (8.7 MB at 10,000 players, was 17 as Float64). Any other value (a fraction, a negative, a
 * larger one) is kept aside in a map, its cell marking it.
 *
 * @example
 * const latest = new LatestValues(2);
 * latest.room(0, 1);
 * latest.set(0, 1, 5);
 * latest.pairs(0); // [1, 5]
 */
export class LatestValues {
  readonly width: number;
  #cells = new Uint32Array(0);
  /** The values not whole below 2^32 - 1, by cell index. */
  readonly #large = new Map<number, number>();
  #known = new Uint8Array(0);

  constructor(width: number) {
    this.width = width;
  }

  /** Player `player`'s value in `column` (0 past the matrix). */
  get(player: number, column: number): number {
    return this.at(player * this.width + column);
  }

  /** The value of cell `i` (`player * width + column`; 0 past the matrix). */
  at(i: number): number {
    const cell = this.#cells[i];
    if (cell === undefined) return 0;
    return cell === LARGE ? this.#large.get(i)! : cell;
  }

  /** Sets player `player`'s value in `column` (within the matrix: see `room`). */
  set(player: number, column: number, value: number): void {
    this.setAt(player * this.width + column, value);
  }

  /** Sets cell `i` (within the matrix: see `room`). */
  setAt(i: number, value: number): void {
    if (this.#cells[i] === LARGE) this.#large.delete(i);
    if (value >= 0 && value < LARGE && Number.isInteger(value)) {
      this.#cells[i] = value;
    } else {
      this.#cells[i] = LARGE;
      this.#large.set(i, value);
    }
  }

  /** Sets every value of player `player` to 0 (within the matrix). */
  clear(player: number): void {
    const base = player * this.width;
    for (let i = base; i < base + this.width; i++) if (this.#cells[i] === LARGE) this.#large.delete(i);
    this.#cells.fill(0, base, base + this.width);
  }

  /** Room in the matrix for player `player`, of `players` numbered so far. */
  room(player: number, players: number): void {
    if ((player + 1) * this.width <= this.#cells.length) return;
    // A quarter more room, not double (`trim` drops it once a history is read).
    this.#resize(capacity(players));
  }

  /** Drops the room beyond `players` players (kept when none is spare). */
  trim(players: number): void {
    if (players * this.width < this.#cells.length) this.#resize(players);
    if (players < this.#known.length) this.#known = this.#known.slice(0, players);
  }

  #resize(players: number): void {
    const cells = new Uint32Array(players * this.width);
    cells.set(this.#cells.subarray(0, cells.length));
    this.#cells = cells;
  }

  /** Whether the player was seen on a closed day (or a checkpoint says so). */
  known(player: number): boolean {
    return this.#known[player] === 1;
  }

  /** Marks the player seen on a closed day, of `players` numbered so far. */
  markKnown(player: number, players: number): void {
    if (player >= this.#known.length) {
      const known = new Uint8Array(Math.max(capacity(players), player + 1));
      known.set(this.#known);
      this.#known = known;
    }
    this.#known[player] = 1;
  }

  /** A copy of one player's values, zeros past the matrix. */
  copy(player: number): Float64Array {
    const out = new Float64Array(this.width);
    for (let s = 0; s < this.width; s++) out[s] = this.get(player, s);
    return out;
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

  /** Bytes held (a large value counted at 40 bytes: its map entry). */
  bytes(): number {
    return this.#cells.byteLength + this.#known.byteLength + this.#large.size * 40;
  }
}

const capacity = (players: number): number => Math.ceil(players * 1.25) + 64;
