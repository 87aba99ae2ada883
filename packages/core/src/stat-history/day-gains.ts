import { addGains, MAX_GAIN_BYTES, readGains, writeGain } from './packed-gains.js';
import type { TouchedPlayers } from './touched-players.js';

/**
 * One server day's gains, by statistic: stat column `s`'s are bytes `offsets[s]` to
 * `offsets[s + 1]` of `bytes` (`packed-gains.ts`: players ascending, about 3 bytes a gain), so a
 * year of 10,000 players stays small and a period board reads a stat's days without touching
 * the others.
 */
export interface DayGains {
  day: number;
  offsets: Uint32Array;
  bytes: Uint8Array;
}

/** Gains of one day as they are found: three parallel lists (arrays, or a `GainBuffer`). */
export interface GainList {
  stat: ArrayLike<number>;
  player: ArrayLike<number>;
  gain: ArrayLike<number>;
}

// Scratch reused by every day packed or read (grown as needed): reading a year makes none per day.
let order = new Int32Array(1024);
let byPlayer = new Int32Array(1024);
let out = new Uint8Array(1024 * MAX_GAIN_BYTES);
let players = new Int32Array(1024);
let gains = new Float64Array(1024);
/** Scratch bytes kept between days: a year's days (~60,000 gains at 10,000 players) need less than 1 MB. */
const SCRATCH_KEPT = 4 * 1024 * 1024;

/** The list's positions ordered by player (stable), or null when they already are. */
function playerOrder(player: ArrayLike<number>, length: number): Int32Array | null {
  let sorted = true;
  let max = 0;
  for (let i = 0; i < length; i++) {
    if (i > 0 && player[i]! < player[i - 1]!) sorted = false;
    if (player[i]! > max) max = player[i]!;
  }
  if (sorted) return null;
  if (max > 4 * length + 0x1_0000) return Int32Array.from({ length }, (_, i) => i).sort((a, b) => player[a]! - player[b]! || a - b);
  if (byPlayer.length < max + 2) byPlayer = new Int32Array(max + 2);
  const starts = byPlayer.fill(0, 0, max + 2);
  for (let i = 0; i < length; i++) starts[player[i]! + 1]!++;
  for (let p = 0; p <= max; p++) starts[p + 1]! += starts[p]!;
  const into = new Int32Array(length);
  for (let i = 0; i < length; i++) into[starts[player[i]!]!++] = i;
  return into;
}

/**
 * Packs a day's gains (the first `length` of `list`): a counting sort by stat (the players
 * ascending within each), then each stat's gains written as bytes, sized exactly.
 *
 * @example
 * const day = dayGains(20_000, 2, { stat: [1, 0], player: [0, 3], gain: [5, 70_000] });
 * day.offsets; // [0, 4, 6]: stat 0's gain takes 4 bytes, stat 1's 2
 */
export function dayGains(day: number, stats: number, list: GainList, length = list.stat.length): DayGains {
  const { stat, player, gain } = list;
  const sorted = playerOrder(player, length);
  const offsets = new Uint32Array(stats + 1);
  for (let i = 0; i < length; i++) offsets[stat[i]! + 1]!++;
  for (let s = 0; s < stats; s++) offsets[s + 1]! += offsets[s]!;
  if (order.length < length) order = new Int32Array(length);
  const next = offsets.slice();
  for (let k = 0; k < length; k++) {
    const i = sorted === null ? k : sorted[k]!;
    order[next[stat[i]!]!++] = i;
  }
  if (out.length < length * MAX_GAIN_BYTES) out = new Uint8Array(length * MAX_GAIN_BYTES);
  let at = 0;
  for (let s = 0, k = 0; s < stats; s++) {
    const end = offsets[s + 1]!;
    offsets[s] = at;
    let previous = 0;
    for (; k < end; k++) {
      const i = order[k]!;
      at = writeGain(out, at, player[i]! - previous, gain[i]!);
      previous = player[i]!;
    }
  }
  offsets[stats] = at;
  const bytes = out.slice(0, at);
  // A day of many gains (a first pull reading thousands of changed players) leaves no large scratch behind.
  if (out.length > SCRATCH_KEPT) out = new Uint8Array(1024 * MAX_GAIN_BYTES);
  if (order.length * 4 > SCRATCH_KEPT) order = new Int32Array(1024);
  return { day, offsets, bytes };
}

/** Reads stat column `stat`'s gains of `day` into the scratch `players` and `gains`; returns how many. */
function readStat(day: DayGains, stat: number): number {
  const from = day.offsets[stat]!;
  const to = day.offsets[stat + 1]!;
  const room = (to - from) >>> 1;
  if (players.length < room) {
    players = new Int32Array(room);
    gains = new Float64Array(room);
  }
  return readGains(day.bytes, from, to, players, gains);
}

/** Adds stat column `stat`'s gains of `day` into `into` (indexed by history player number). */
export function addDayGains(day: DayGains, stat: number, into: Float64Array): void {
  addGains(day.bytes, day.offsets[stat]!, day.offsets[stat + 1]!, into);
}

/**
 * Adds stat column `stat`'s gains of `day` into `into` at `into[to[player]]`, another numbering
 * of the players (a snapshot's); players `to` maps to -1 are skipped. `touched`, when given,
 * notes each position added to.
 */
export function addDayGainsTo(day: DayGains, stat: number, into: Float64Array, to: Int32Array, touched?: TouchedPlayers): void {
  const n = readStat(day, stat);
  for (let i = 0; i < n; i++) {
    const at = to[players[i]!]!;
    if (at < 0) continue;
    into[at]! += gains[i]!;
    touched?.add(at);
  }
}

/** Calls `use(player, gain)` for each gain of stat column `stat` on `day` (`use` reads no other day). */
export function eachDayGain(day: DayGains, stat: number, use: (player: number, gain: number) => void): void {
  const n = readStat(day, stat);
  for (let i = 0; i < n; i++) use(players[i]!, gains[i]!);
}

/** Bytes held by a day's arrays. */
export function dayGainsBytes(day: DayGains): number {
  return day.offsets.byteLength + day.bytes.byteLength;
}
