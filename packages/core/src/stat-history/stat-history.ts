import { addClosedSums, closedSums, closedSumsBytes, type ClosedSums } from './closed-sums.js';
import { addDayGains, addDayGainsTo, eachDayGain, type DayGains } from './day-gains.js';
import { StatHistoryLog } from './stat-history-log.js';
import type { TouchedPlayers } from './touched-players.js';

export type { CounterReset } from './counter-reset.js';

/** Period sums kept per state of the history (each one a Float64Array over the players). */
const MEMO_SIZE = 64;
/**
 * Bytes of closed days' sums kept until the next day closes: a year of every statistic at
 * 10,000 players is about 9 MB, so the period hall of fame and the crowns' periods fit.
 */
const CLOSED_SUMS_BYTES = 32 * 1024 * 1024;

/** A period's gains in one stat column as its podium reads them: see `StatHistory.periodParts`. */
export interface PeriodParts {
  /** The closed days' sums, or null when the period holds no closed day. */
  closed: ClosedSums | null;
  /** The day in progress when the period holds it, else null. */
  today: DayGains | null;
}

/**
 * A server's per-day statistic history (issue 41), in memory: the log (`StatHistoryLog`: the
 * closed days' gains packed by column, the day in progress, each player's latest values), filled
 * from the files by `openStatHistory` and kept current by `recordStatHistory`
 * (`@blockstats/core/node`), and its queries: a period's gains (`gainsOver`), one player's
 * daily gains, the server's daily totals.
 *
 * Not backfilled: a player's gains count from their first reading. A counter that went down is
 * a new start (counted in `resets`), never a negative gain.
 *
 * @example
 * ```ts
 * const history = new StatHistory(['play_time', 'jump']);
 * history.read(20_000, 'uuid-a', Float64Array.of(100, 5)); // first reading: the baseline
 * history.read(20_000, 'uuid-a', Float64Array.of(180, 9));
 * history.gainsOver(1, 20_000, 20_000)[0]; // 4 jumps that day
 * ```
 */
export class StatHistory extends StatHistoryLog {
  readonly #memo = new Map<string, Float64Array>();
  #memoVersion = -1;
  /** Closed days' sums by `column:first:last`, least recently used first, for the closed days as they stand. */
  readonly #closed = new Map<string, ClosedSums>();
  #closedOf = -1;
  #closedBytes = 0;

  /**
   * What every player gained in stat column `column` over server days `first` to `last`
   * (inclusive), by history player number. Read only: the array is shared with a memo kept until
   * the history changes.
   *
   * @example
   * ```ts
   * const week = history.gainsOver(history.stats.indexOf('jump'), 20_407, 20_413);
   * week[history.playerOf(uuid)!]; // jumps that week
   * ```
   */
  gainsOver(column: number, first: number, last: number): Float64Array {
    if (this.#memoVersion !== this.version) {
      this.#memo.clear();
      this.#memoVersion = this.version;
    }
    const key = `${column}:${first}:${last}`;
    const known = this.#memo.get(key);
    if (known) return known;
    const sums = new Float64Array(this.uuids.length);
    // The closed days' part kept (see `addGainsOver`): after a pull only the day in progress is read again.
    const closedLast = Math.min(last, this.lastClosedDay ?? first - 1);
    if (closedLast >= first) addClosedSums(this.#closedSums(column, first, closedLast), sums);
    const today = this.openDayGains();
    if (today !== null && today.day >= first && today.day <= last) addDayGains(today, column, sums);
    if (this.#memo.size >= MEMO_SIZE) this.#memo.delete(this.#memo.keys().next().value as string);
    this.#memo.set(key, sums);
    return sums;
  }

  /**
   * Adds what every player gained in stat column `column` over server days `first` to `last`
   * into `into` at `into[to[player]]`, another numbering of the players (a snapshot's; -1:
   * skipped), for the queries that go through every statistic (the period hall of fame, the
   * crowns): the closed days' sums are kept (up to 32 MB) until the next day closes, so after
   * a pull only the day in progress is added again; `keep: false` sums them without keeping
   * them (a period its caller keeps the result of). `touched`, when given, notes each position
   * of `into` added to (the players with a gain).
   */
  addGainsOver(column: number, first: number, last: number, into: Float64Array, to: Int32Array, keep = true, touched?: TouchedPlayers): void {
    // The closed days' part is summed once until the next day closes; a pull only changes the day in progress.
    const closedLast = Math.min(last, this.lastClosedDay ?? first - 1);
    if (closedLast >= first) {
      if (keep) addClosedSums(this.#closedSums(column, first, closedLast), into, to, touched);
      else for (const day of this.#closedIn(first, closedLast)) addDayGainsTo(day, column, into, to, touched);
    }
    const today = this.openDayGains();
    if (today !== null && today.day >= first && today.day <= last) addDayGainsTo(today, column, into, to, touched);
  }

  /**
   * Stat column `column`'s gains over server days `first` to `last` in the parts a podium reads
   * after a pull (see `openPodium`): the closed days' sums with their largest, kept until the
   * next day closes (as `addGainsOver` keeps them), and the day in progress, so that only the
   * players with a gain today are looked at one by one.
   */
  periodParts(column: number, first: number, last: number): PeriodParts {
    const closedLast = Math.min(last, this.lastClosedDay ?? first - 1);
    const today = this.openDayGains();
    const open = today !== null && today.day >= first && today.day <= last ? today : null;
    return { closed: closedLast < first ? null : this.#closedSums(column, first, closedLast), today: open };
  }

  #closedSums(column: number, first: number, last: number): ClosedSums {
    if (this.#closedOf !== this.closedVersion) {
      this.#closed.clear();
      this.#closedBytes = 0;
      this.#closedOf = this.closedVersion;
    }
    const key = `${column}:${first}:${last}`;
    let sums = this.#closed.get(key);
    if (sums) {
      this.#closed.delete(key); // to the end: the most recently used
    } else {
      sums = closedSums(this.#closedIn(first, last), column, this.uuids.length);
      this.#closedBytes += closedSumsBytes(sums);
      for (const [old, kept] of this.#closed) {
        if (this.#closedBytes <= CLOSED_SUMS_BYTES) break;
        this.#closed.delete(old);
        this.#closedBytes -= closedSumsBytes(kept);
      }
    }
    this.#closed.set(key, sums);
    return sums;
  }

  /** The packed gains of the closed server days `first` to `last`, ascending. */
  *#closedIn(first: number, last: number): Generator<DayGains> {
    const closed = this.closedDays;
    let lo = 0;
    let hi = closed.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (closed[mid]!.day < first) lo = mid + 1;
      else hi = mid;
    }
    for (let d = lo; d < closed.length && closed[d]!.day <= last; d++) yield closed[d]!;
  }

  /** Every day's packed gains, the day in progress last. */
  #allDays(): readonly DayGains[] {
    const today = this.openDayGains();
    return today === null ? this.closedDays : [...this.closedDays, today];
  }

  /**
   * One player's gains in stat column `column`, per server day with a gain: `[day, gain]`
   * pairs, ascending. For series no finer than a week (the privacy rules: no day-by-day trail
   * of one player is published; callers sum these by week).
   */
  playerDailyGains(uuid: string, column: number): Array<[number, number]> {
    const p = this.playerOf(uuid);
    const out: Array<[number, number]> = [];
    if (p === undefined) return out;
    for (const day of this.#allDays()) {
      let gain = 0;
      eachDayGain(day, column, (player, g) => {
        if (player === p) gain += g;
      });
      if (gain > 0) out.push([day.day, gain]);
    }
    return out;
  }

  /**
   * The server's gain in stat column `column` per server day (every recorded day, zeros too):
   * `[day, total, players]`, counting only the history players `counted` marks (the visible ones).
   */
  dailyTotals(column: number, counted: (player: number) => boolean): Array<[number, number, number]> {
    return this.#allDays().map((day) => {
      let total = 0;
      let players = 0;
      eachDayGain(day, column, (player, gain) => {
        if (!counted(player)) return;
        total += gain;
        players++;
      });
      return [day.day, total, players];
    });
  }

  /** The server days recorded (closed ones and the day in progress), ascending. */
  days(): number[] {
    const days = this.closedDays.map((d) => d.day);
    if (this.openDay !== null) days.push(this.openDay);
    return days;
  }
}
