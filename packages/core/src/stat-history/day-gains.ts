import type { TouchedPlayers } from './touched-players.js';

/**
 * One part of a day's gains, by statistic: for stat column `s`, positions `offsets[s]` to
 * `offsets[s + 1]` of `players` (history player numbers) and `gains`.
 */
export interface GainPart {
  offsets: Int32Array;
  players: Uint16Array | Uint32Array;
  gains: Uint16Array | Uint32Array | Float64Array;
}

/**
 * One server day's gains in columnar form: typed arrays by statistic, so a year of 10,000
 * players stays small and a period board adds up a stat's days without touching the others.
 * Split in parts by size (gains below 2^16, below 2^32, the rest): most daily gains are small,
 * and 16 bits hold them in a third less memory than 32.
 */
export interface DayGains {
  day: number;
  parts: GainPart[];
}

/** Gains of one day as they are found: three parallel lists (arrays, or a `GainBuffer`). */
export interface GainList {
  stat: ArrayLike<number>;
  player: ArrayLike<number>;
  gain: ArrayLike<number>;
}

/** Which part a gain goes to: 0 (16 bits), 1 (32 bits) or 2 (any number). */
const tierOf = (g: number): number => (!Number.isInteger(g) ? 2 : g < 0x10000 ? 0 : g < 2 ** 32 ? 1 : 2);

/**
 * Packs a day's gains (the first `length` of `list`): sorted by stat in parts by size, players in
 * 16 bits while they fit. One counting sort for all parts: a pass to count each part's gains by
 * stat, a pass to place them.
 *
 * @example
 * const day = dayGains(20_000, 2, { stat: [1, 0], player: [0, 3], gain: [5, 70_000] });
 * day.parts.length; // 2: the 16-bit gain and the 32-bit one
 */
export function dayGains(day: number, stats: number, list: GainList, length = list.stat.length): DayGains {
  const { stat, player, gain } = list;
  const tiers = new Uint8Array(length);
  // counts[tier * (stats + 1) + s + 1]: then, summed, where stat s starts in its tier's part.
  const offsets = new Int32Array(3 * (stats + 1));
  let maxPlayer = 0;
  for (let i = 0; i < length; i++) {
    const tier = tierOf(gain[i]!);
    tiers[i] = tier;
    offsets[tier * (stats + 1) + stat[i]! + 1]!++;
    if (player[i]! > maxPlayer) maxPlayer = player[i]!;
  }
  const parts: Array<GainPart | null> = [null, null, null];
  for (let tier = 0; tier < 3; tier++) {
    const own = offsets.subarray(tier * (stats + 1), (tier + 1) * (stats + 1));
    for (let s = 0; s < stats; s++) own[s + 1]! += own[s]!;
    const n = own[stats]!;
    if (n === 0) continue;
    const players = maxPlayer < 0x10000 ? new Uint16Array(n) : new Uint32Array(n);
    const gains = tier === 0 ? new Uint16Array(n) : tier === 1 ? new Uint32Array(n) : new Float64Array(n);
    parts[tier] = { offsets: own.slice(), players, gains };
  }
  // Placing each gain moves its stat's start on (`offsets` is a scratch copy from here).
  for (let i = 0; i < length; i++) {
    const tier = tiers[i]!;
    const part = parts[tier]!;
    const at = offsets[tier * (stats + 1) + stat[i]!]!++;
    part.players[at] = player[i]!;
    part.gains[at] = gain[i]!;
  }
  return { day, parts: parts.filter((part) => part !== null) };
}

/** Adds stat column `stat`'s gains of `day` into `into` (indexed by history player number). */
export function addDayGains(day: DayGains, stat: number, into: Float64Array): void {
  for (const { offsets, players, gains } of day.parts) {
    for (let i = offsets[stat]!, end = offsets[stat + 1]!; i < end; i++) into[players[i]!]! += gains[i]!;
  }
}

/**
 * Adds stat column `stat`'s gains of `day` into `into` at `into[to[player]]`, another numbering
 * of the players (a snapshot's); players `to` maps to -1 are skipped. `touched`, when given,
 * notes each position added to.
 */
export function addDayGainsTo(day: DayGains, stat: number, into: Float64Array, to: Int32Array, touched?: TouchedPlayers): void {
  for (const { offsets, players, gains } of day.parts) {
    for (let i = offsets[stat]!, end = offsets[stat + 1]!; i < end; i++) {
      const at = to[players[i]!]!;
      if (at < 0) continue;
      into[at]! += gains[i]!;
      touched?.add(at);
    }
  }
}

/** Calls `use(player, gain)` for each gain of stat column `stat` on `day`. */
export function eachDayGain(day: DayGains, stat: number, use: (player: number, gain: number) => void): void {
  for (const { offsets, players, gains } of day.parts) {
    for (let i = offsets[stat]!, end = offsets[stat + 1]!; i < end; i++) use(players[i]!, gains[i]!);
  }
}

/** Bytes held by a day's arrays. */
export function dayGainsBytes(day: DayGains): number {
  return day.parts.reduce((n, p) => n + p.offsets.byteLength + p.players.byteLength + p.gains.byteLength, 0);
}
