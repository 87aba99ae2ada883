import type { CounterReset } from './counter-reset.js';
import type { DayBlock, DayRow } from './day-block.js';
import { dayGains, dayGainsBytes, type DayGains, type GainList } from './day-gains.js';

/** The day in progress: each player's reading, latest first seen or changed this day. */
interface Today {
  day: number;
  rows: Map<number, { baseline: Float64Array | null; values: Float64Array }>;
}

let histories = 0;

/** Resets kept for `/v1/health` (the count goes on). */
const RESETS_KEPT = 20;

/**
 * The writing side of a server's per-day statistic history (issue 41), in memory: the closed
 * days (what each player gained in every statistic, packed by column: `DayGains`), the day in
 * progress and each player's latest values. Days are applied from the files by
 * `openStatHistory`, readings taken at each pull by `recordStatHistory`
 * (`@blockstats/core/node`); `StatHistory` adds the period queries.
 *
 * Not backfilled: a player's gains count from their first reading. A counter that went down is
 * a new start (counted in `resets`), never a negative gain.
 *
 * @example
 * ```ts
 * const log = new StatHistoryLog(['play_time', 'jump']);
 * log.read(20_000, 'uuid-a', Float64Array.of(100, 5)); // first reading: the baseline
 * log.read(20_000, 'uuid-a', Float64Array.of(180, 9)); // true: the day's entry changed
 * log.closeToday(); // the day's block, 80 ticks and 4 jumps gained
 * ```
 */
export class StatHistoryLog {
  /** The stat ids of the columns (the catalogue's when opened by `openStatHistory`). */
  readonly stats: readonly string[];
  /** Every player ever recorded, by history player number. */
  readonly uuids: string[] = [];
  readonly #index = new Map<string, number>();
  /**
   * Latest closed values: `latest[player * stats.length + column]`. Allocated (and grown) once a
   * closed day or a checkpoint gives values: until then every player's are 0 and read as such
   * (`?? 0` past its end), so a history's first day holds no matrix of zeros (17 MB at 10,000
   * players).
   */
  #latest = new Float64Array(0);
  #known = new Uint8Array(0);
  /** Closed days, ascending. */
  readonly #days: DayGains[] = [];
  #today: Today | null = null;
  /** The closed days a checkpoint stood for (`restoreLatest`): their values, not their gains. */
  #restored: { first: number; last: number } | null = null;
  #todayGains: DayGains | null = null;
  #resets = 0;
  readonly #lastResets: CounterReset[] = [];
  #version = 0;
  #closedVersion = 0;

  constructor(stats: readonly string[]) {
    this.stats = [...stats];
  }

  /** Changes at every reading that changed something and every closed day: with `id`, a memo key. */
  get version(): number {
    return this.#version;
  }

  /** Changes whenever the closed days change (a day closed or applied, a checkpoint restored), not at readings. */
  get closedVersion(): number {
    return this.#closedVersion;
  }

  /** Unique per history object in this process (memo keys tell two histories apart). */
  readonly id = ++histories;

  /** The first server day recorded (`recording_since` of the periods), or null. */
  get firstDay(): number | null {
    return this.#restored?.first ?? this.#days[0]?.day ?? this.#today?.day ?? null;
  }

  /** The newest server day recorded (the day in progress when there is one), or null. */
  get lastDay(): number | null {
    return this.#today?.day ?? this.#lastClosed() ?? null;
  }

  #lastClosed(): number | undefined {
    return this.#days.at(-1)?.day ?? this.#restored?.last;
  }

  /** The newest closed server day, or null. */
  get lastClosedDay(): number | null {
    return this.#lastClosed() ?? null;
  }

  /** The day in progress (not closed yet), or null. */
  get openDay(): number | null {
    return this.#today?.day ?? null;
  }

  /** Counters that went down so far (each one a new start) and the latest of them. */
  get resets(): { count: number; latest: readonly CounterReset[] } {
    return { count: this.#resets, latest: this.#lastResets };
  }

  /** The history player number of a uuid, or undefined when never recorded. */
  playerOf(uuid: string): number | undefined {
    return this.#index.get(uuid);
  }

  #intern(uuid: string): number {
    let p = this.#index.get(uuid);
    if (p !== undefined) return p;
    p = this.uuids.length;
    this.uuids.push(uuid);
    this.#index.set(uuid, p);
    if (p + 1 > this.#known.length) {
      const known = new Uint8Array(Math.ceil(this.uuids.length * 1.25) + 64);
      known.set(this.#known);
      this.#known = known;
    }
    return p;
  }

  /** A copy of one player's latest values (`base`: their first column), zeros past the matrix. */
  #latestCopy(base: number): Float64Array {
    const width = this.stats.length;
    return base + width <= this.#latest.length ? this.#latest.slice(base, base + width) : new Float64Array(width);
  }

  /** Room in the latest values for player `p` (see `#latest`). */
  #latestRoom(p: number): void {
    const width = this.stats.length;
    if ((p + 1) * width <= this.#latest.length) return;
    // A quarter more room, not double: at 10,000 players the latest values are 17 MB.
    const capacity = Math.ceil(this.uuids.length * 1.25) + 64;
    const latest = new Float64Array(capacity * width);
    latest.set(this.#latest);
    this.#latest = latest;
  }

  /**
   * Applies a closed day (from a file, or `closeToday`): its gains become a `DayGains` and its
   * values the players' latest. `columns` maps the block's stat columns to this history's (-1:
   * a stat this history does not track). Days must come in ascending order: an older or repeated
   * day is refused (false).
   */
  applyDay(block: DayBlock, columns?: ArrayLike<number>): boolean {
    const last = this.#lastClosed();
    if (last !== undefined && block.day <= last) return false;
    const width = this.stats.length;
    const list: GainList = { stat: [], player: [], gain: [] };
    for (const row of block.rows) {
      const p = this.#intern(row.uuid);
      this.#latestRoom(p);
      const base = p * width;
      if (row.baseline) {
        this.#latest.fill(0, base, base + width);
        this.#forPairs(row.baseline, columns, (s, v) => {
          this.#latest[base + s] = v;
        });
      } else if (!this.#known[p]) {
        // The file with this player's first reading is lost: their first entry is their start.
        this.#forPairs(row.values, columns, (s, v) => {
          this.#latest[base + s] = v;
        });
      }
      this.#known[p] = 1;
      this.#forPairs(row.values, columns, (s, v) => {
        const gain = v - this.#latest[base + s]!;
        if (gain < 0) this.#reset(row.uuid, s, block.day, this.#latest[base + s]!, v);
        else if (gain > 0) {
          list.stat.push(s);
          list.player.push(p);
          list.gain.push(gain);
        }
        this.#latest[base + s] = v;
      });
    }
    this.#days.push(dayGains(block.day, width, list));
    if (this.#today !== null && this.#today.day <= block.day) this.#today = null;
    this.#closedVersion++;
    this.#changed();
    return true;
  }

  #forPairs(pairs: readonly number[], columns: ArrayLike<number> | undefined, use: (column: number, value: number) => void): void {
    for (let i = 0; i < pairs.length; i += 2) {
      const s = columns ? columns[pairs[i]!] ?? -1 : pairs[i]!;
      if (s >= 0 && s < this.stats.length && Number.isFinite(pairs[i + 1]!)) use(s, pairs[i + 1]!);
    }
  }

  #reset(uuid: string, column: number, day: number, from: number, to: number): void {
    this.#resets++;
    this.#lastResets.push({ uuid, stat: this.stats[column]!, day, from, to });
    if (this.#lastResets.length > RESETS_KEPT) this.#lastResets.shift();
  }

  #changed(): void {
    this.#version++;
    this.#todayGains = null;
  }

  /**
   * Takes one player's reading of every column at a pull of server day `day` (the day in
   * progress; close the previous one first with `closeToday`). Returns true when it changed
   * the day's entry: the player's first reading, or values that differ from their last.
   */
  read(day: number, uuid: string, values: ArrayLike<number>): boolean {
    if (this.#today === null || this.#today.day !== day) {
      if (this.#today !== null && this.#today.rows.size > 0) throw new RangeError(`server day ${this.#today.day} is still open; close it before reading day ${day}`);
      this.#today = { day, rows: new Map() };
    }
    const p = this.#intern(uuid);
    const entry = this.#today.rows.get(p);
    const width = this.stats.length;
    if (entry === undefined && !this.#known[p]) {
      // One array for both: a day's entries are replaced, never modified in place, so the
      // first reading is the baseline and the values until the player's next change (at
      // 50,000 new players a copy each was 87 MB).
      const reading = Float64Array.from({ length: width }, (_, s) => values[s] ?? 0);
      this.#today.rows.set(p, { baseline: reading, values: reading });
      this.#changed();
      return true;
    }
    const previous = entry?.values;
    const base = p * width;
    let same = true;
    for (let s = 0; s < width && same; s++) same = (values[s] ?? 0) === (previous ? previous[s] : (this.#latest[base + s] ?? 0));
    if (same) return false;
    this.#today.rows.set(p, { baseline: entry?.baseline ?? null, values: Float64Array.from({ length: width }, (_, s) => values[s] ?? 0) });
    this.#changed();
    return true;
  }

  /**
   * The day in progress as a block (what the `today` file holds), or null when there is none.
   * With `only`, just those players' rows (the frame a pull appends for the players it changed).
   */
  todayBlock(only?: Iterable<string>): DayBlock | null {
    if (this.#today === null) return null;
    const rows: DayRow[] = [];
    if (only === undefined) {
      for (const [p, entry] of this.#today.rows) this.#pushRow(rows, p, entry);
    } else {
      for (const uuid of only) {
        const p = this.#index.get(uuid);
        const entry = p === undefined ? undefined : this.#today.rows.get(p);
        if (entry !== undefined) this.#pushRow(rows, p!, entry);
      }
    }
    return { day: this.#today.day, rows };
  }

  #pushRow(rows: DayRow[], p: number, { baseline, values }: { baseline: Float64Array | null; values: Float64Array }): void {
    const width = this.stats.length;
    const base = p * width;
    const out: number[] = [];
    for (let s = 0; s < width; s++) {
      if (values[s] !== (baseline ? baseline[s] : (this.#latest[base + s] ?? 0))) out.push(s, values[s]!);
    }
    let first: number[] | null = null;
    if (baseline) {
      first = [];
      for (let s = 0; s < width; s++) if (baseline[s] !== 0) first.push(s, baseline[s]!);
    }
    if (first !== null || out.length > 0) rows.push({ uuid: this.uuids[p]!, baseline: first, values: out });
  }

  /**
   * Restores the day in progress from the `today` file, one frame at a time: the first frame of
   * a day starts it, and each later frame of the same day (a pull's appended changes) replaces
   * the entries of the players it lists (a row without a baseline keeps the one before).
   * Refused (false) when the day is not after the last closed one (it was closed already), or
   * is not the day being restored.
   */
  restoreToday(block: DayBlock, columns?: ArrayLike<number>): boolean {
    const last = this.#lastClosed();
    if (last !== undefined && block.day <= last) return false;
    if (this.#today !== null && this.#today.day !== block.day) {
      if (this.#today.rows.size > 0) return false;
      this.#today = null;
    }
    const width = this.stats.length;
    const today: Today = this.#today ?? { day: block.day, rows: new Map() };
    for (const row of block.rows) {
      const p = this.#intern(row.uuid);
      const base = p * width;
      let baseline: Float64Array | null = null;
      if (row.baseline || (!this.#known[p] && !today.rows.has(p))) {
        baseline = new Float64Array(width);
        this.#forPairs(row.baseline ?? row.values, columns, (s, v) => {
          baseline![s] = v;
        });
      } else baseline = today.rows.get(p)?.baseline ?? null;
      // Without changes since the baseline the values are the baseline (see `read`).
      const values = baseline && row.values.length === 0 ? baseline : baseline ? baseline.slice() : this.#latestCopy(base);
      if (values !== baseline) {
        this.#forPairs(row.values, columns, (s, v) => {
          values[s] = v;
        });
      }
      today.rows.set(p, { baseline, values });
    }
    this.#today = today;
    this.#changed();
    return true;
  }

  /** Closes the day in progress (its block is on disk): returns the block applied, or null. */
  closeToday(): DayBlock | null {
    const block = this.todayBlock();
    if (block === null) return null;
    this.#today = null;
    this.applyDay(block);
    return block;
  }

  /** The closed days' packed gains, ascending (read only). */
  protected get closedDays(): readonly DayGains[] {
    return this.#days;
  }

  /** The gains of the day in progress, packed like a closed day's, or null when there is none. */
  protected openDayGains(): DayGains | null {
    if (this.#today === null) return null;
    if (this.#todayGains !== null) return this.#todayGains;
    const width = this.stats.length;
    const list: GainList = { stat: [], player: [], gain: [] };
    for (const [p, { baseline, values }] of this.#today.rows) {
      const base = p * width;
      for (let s = 0; s < width; s++) {
        const gain = values[s]! - (baseline ? baseline[s]! : (this.#latest[base + s] ?? 0));
        if (gain > 0) {
          list.stat.push(s);
          list.player.push(p);
          list.gain.push(gain);
        }
      }
    }
    return (this.#todayGains = dayGains(this.#today.day, width, list));
  }

  /**
   * A player's latest closed values (the non-zero ones, as `[column, value, …]` pairs) and whether
   * they were seen on a closed day: what `restoreLatest` takes back (the checkpoint file).
   */
  latestOf(player: number): { known: boolean; pairs: number[] } {
    const width = this.stats.length;
    const base = player * width;
    const pairs: number[] = [];
    for (let s = 0; s < width; s++) {
      const v = this.#latest[base + s] ?? 0;
      if (v !== 0) pairs.push(s, v);
    }
    return { known: this.#known[player] === 1, pairs };
  }

  /**
   * Starts an empty history from a checkpoint of closed days `first` to `last`: each player's
   * latest values, without the days' gains (enough to append the next pulls: `blockstats
   * record` run from cron). Refused (false) unless the history is empty.
   */
  restoreLatest(first: number, last: number, players: ReadonlyArray<{ uuid: string; known: boolean; pairs: readonly number[] }>, columns?: ArrayLike<number>): boolean {
    if (this.uuids.length > 0 || this.#days.length > 0 || this.#today !== null) return false;
    const width = this.stats.length;
    for (const player of players) {
      const p = this.#intern(player.uuid);
      this.#latestRoom(p);
      if (player.known) this.#known[p] = 1;
      this.#forPairs(player.pairs, columns, (s, v) => {
        this.#latest[p * width + s] = v;
      });
    }
    this.#restored = { first, last };
    this.#closedVersion++;
    this.#changed();
    return true;
  }

  /** Approximate bytes held (the packed days, the latest values, today's readings). */
  bytes(): number {
    let total = this.#latest.byteLength + this.#known.byteLength + this.uuids.length * 100;
    for (const day of this.#days) total += dayGainsBytes(day);
    if (this.#today !== null) {
      for (const { baseline, values } of this.#today.rows.values()) total += values.byteLength + (baseline !== null && baseline !== values ? baseline.byteLength : 0);
    }
    return total;
  }
}
