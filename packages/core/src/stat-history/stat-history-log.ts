import type { CounterReset } from './counter-reset.js';
import type { DayBlock } from './day-block.js';
import { dayGains, dayGainsBytes, type DayGains } from './day-gains.js';
import { DayInProgress } from './day-in-progress.js';
import { flatDayOf, type FlatDay } from './flat-day.js';
import { forEachPair } from './for-each-pair.js';
import { GainBuffer } from './gain-buffer.js';
import { LatestValues } from './latest-values.js';
import { PlayerIndex } from './player-index.js';
import { ResetLog } from './reset-log.js';

let histories = 0;

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
  readonly #players = new PlayerIndex();
  readonly #latest: LatestValues;
  /** Closed days, ascending. */
  readonly #days: DayGains[] = [];
  #today: DayInProgress | null = null;
  /** The closed days a checkpoint stood for (`restoreLatest`): their values, not their gains. */
  #restored: { first: number; last: number } | null = null;
  #todayGains: DayGains | null = null;
  readonly #resets = new ResetLog();
  /** Where `applyFlatDay` gathers a day's gains (reused). */
  readonly #gains = new GainBuffer();
  #version = 0;
  #closedVersion = 0;

  constructor(stats: readonly string[]) {
    this.stats = [...stats];
    this.#latest = new LatestValues(this.stats.length);
  }

  /** Every player ever recorded, by history player number. */
  get uuids(): readonly string[] {
    return this.#players.uuids;
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
    return { count: this.#resets.count, latest: this.#resets.latest };
  }

  /** The history player number of a uuid, or undefined when never recorded. */
  playerOf(uuid: string): number | undefined {
    return this.#players.of(uuid);
  }

  /**
   * Applies a closed day (from a file, or `closeToday`): its gains become a `DayGains` and its
   * values the players' latest. `columns` maps the block's stat columns to this history's (-1:
   * a stat this history does not track). Days must come in ascending order: an older or repeated
   * day is refused (false).
   */
  applyDay(block: DayBlock, columns?: ArrayLike<number>): boolean {
    const uuids: string[] = [];
    return this.applyFlatDay(flatDayOf(block, uuids), uuids, columns);
  }

  /**
   * `applyDay` of a day decoded flat (`decodeFlatDay`): what reading a file does, with no object
   * per row or pair. `uuids` is the file's uuid table (the frame's fresh ones included);
   * `numbers`, kept by the caller for the file, holds each file uuid's history player number.
   */
  applyFlatDay(flat: FlatDay, uuids: readonly string[], columns?: ArrayLike<number>, numbers: number[] = []): boolean {
    const last = this.#lastClosed();
    if (last !== undefined && flat.day <= last) return false;
    const width = this.stats.length;
    const latest = this.#latest;
    const gains = this.#gains;
    gains.clear();
    const { start, column, value } = flat;
    const columnOf = (i: number): number => {
      const s = columns ? columns[column[i]!] ?? -1 : column[i]!;
      return s >= 0 && s < width && Number.isFinite(value[i]!) ? s : -1;
    };
    const put = (base: number, from: number, to: number): void => {
      for (let i = from; i < to; i++) {
        const s = columnOf(i);
        if (s >= 0) latest.setAt(base + s, value[i]!);
      }
    };
    // Every uuid of the file numbered (the frame's new ones), then room for them all at once.
    for (let n = numbers.length; n < uuids.length; n++) numbers.push(this.#players.intern(uuids[n]!));
    if (this.uuids.length > 0) latest.room(this.uuids.length - 1, this.uuids.length);
    for (let r = 0; r < flat.rows; r++) {
      const p = numbers[flat.player[r]!]!;
      const base = p * width;
      const from = start[r * 2]!;
      const mid = start[r * 2 + 1]!;
      const to = start[r * 2 + 2]!;
      if (flat.baseline[r]) {
        latest.clear(p);
        put(base, from, mid);
      } else if (!latest.known(p)) put(base, mid, to); // the file with the first reading is lost: the first entry is their start
      latest.markKnown(p, this.uuids.length);
      for (let i = mid; i < to; i++) {
        const s = columnOf(i);
        if (s < 0) continue;
        const v = value[i]!;
        const was = latest.at(base + s);
        const gain = v - was;
        if (gain < 0) this.#resets.add({ uuid: this.uuids[p]!, stat: this.stats[s]!, day: flat.day, from: was, to: v });
        else if (gain > 0) gains.push(s, p, gain);
        latest.setAt(base + s, v);
      }
    }
    this.#days.push(dayGains(flat.day, width, gains, gains.length));
    if (this.#today !== null && this.#today.day <= flat.day) this.#today = null;
    this.#closedVersion++;
    this.#changed();
    return true;
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
      this.#today = new DayInProgress(day);
    }
    const changed = this.#today.read(this.#players.intern(uuid), values, this.#latest);
    if (changed) this.#changed();
    return changed;
  }

  /**
   * The day in progress as a block (what the `today` file holds), or null when there is none.
   * With `only`, just those players' rows (the frame a pull appends for the players it changed).
   */
  todayBlock(only?: Iterable<string>): DayBlock | null {
    if (this.#today === null) return null;
    const players = only === undefined ? undefined : [...only].map((uuid) => this.#players.of(uuid)).filter((p) => p !== undefined);
    return this.#today.block(this.uuids, players);
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
    const today = this.#today ?? new DayInProgress(block.day);
    for (const row of block.rows) today.restore(this.#players.intern(row.uuid), row, columns, this.#latest);
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
    return (this.#todayGains ??= this.#today.gains(this.#latest));
  }

  /**
   * A player's latest closed values (the non-zero ones, as `[column, value, …]` pairs) and whether
   * they were seen on a closed day: what `restoreLatest` takes back (the checkpoint file).
   */
  latestOf(player: number): { known: boolean; pairs: number[] } {
    return { known: this.#latest.known(player), pairs: this.#latest.pairs(player) };
  }

  /**
   * Starts an empty history from a checkpoint of closed days `first` to `last`: each player's
   * latest values, without the days' gains (enough to append the next pulls: `blockstats
   * record` run from cron). Refused (false) unless the history is empty.
   */
  restoreLatest(first: number, last: number, players: ReadonlyArray<{ uuid: string; known: boolean; pairs: readonly number[] }>, columns?: ArrayLike<number>): boolean {
    if (this.uuids.length > 0 || this.#days.length > 0 || this.#today !== null) return false;
    const width = this.stats.length;
    const latest = this.#latest;
    for (const player of players) {
      const p = this.#players.intern(player.uuid);
      latest.room(p, this.uuids.length);
      if (player.known) latest.markKnown(p, this.uuids.length);
      forEachPair(player.pairs, columns, width, (s, v) => {
        latest.set(p, s, v);
      });
    }
    this.#restored = { first, last };
    this.#closedVersion++;
    this.#changed();
    return true;
  }

  /** Drops the spare room the latest values grew with (once a history is read). */
  trim(): void {
    this.#latest.trim(this.uuids.length);
  }

  /** Approximate bytes held (the packed days, the latest values, today's readings). */
  bytes(): number {
    let total = this.#latest.bytes() + this.uuids.length * 100;
    for (const day of this.#days) total += dayGainsBytes(day);
    return total + (this.#today?.bytes() ?? 0);
  }
}
