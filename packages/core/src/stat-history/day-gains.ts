/**
 * One server day's gains in columnar form, by statistic: for stat column `s`, positions
 * `offsets[s]` to `offsets[s + 1]` of `players` (history player numbers) and `gains` (what each
 * gained that day, above 0). Typed arrays, so a year of 10,000 players stays small and a period
 * board adds up a stat's days without touching the others.
 */
export interface DayGains {
  day: number;
  offsets: Int32Array;
  players: Uint16Array | Uint32Array;
  gains: Uint32Array | Float64Array;
}

/** Gains of one day as they are found: three parallel lists. */
export interface GainList {
  stat: number[];
  player: number[];
  gain: number[];
}

/**
 * Packs a day's gains: sorted by stat (a counting sort), players in 16 bits while they fit and
 * gains in 32 bits while every one is a whole number below 2^32.
 *
 * @example
 * const day = dayGains(20_000, 2, { stat: [1, 0], player: [0, 3], gain: [5, 7] });
 * Array.from(day.offsets); // [0, 1, 2]
 */
export function dayGains(day: number, stats: number, list: GainList): DayGains {
  const n = list.stat.length;
  const offsets = new Int32Array(stats + 1);
  let maxPlayer = 0;
  let wide = false;
  for (let i = 0; i < n; i++) {
    offsets[list.stat[i]! + 1]!++;
    if (list.player[i]! > maxPlayer) maxPlayer = list.player[i]!;
    const g = list.gain[i]!;
    if (g >= 2 ** 32 || !Number.isInteger(g)) wide = true;
  }
  for (let s = 0; s < stats; s++) offsets[s + 1]! += offsets[s]!;
  const players = maxPlayer < 0x10000 ? new Uint16Array(n) : new Uint32Array(n);
  const gains = wide ? new Float64Array(n) : new Uint32Array(n);
  const next = offsets.slice(0, stats);
  for (let i = 0; i < n; i++) {
    const at = next[list.stat[i]!]!++;
    players[at] = list.player[i]!;
    gains[at] = list.gain[i]!;
  }
  return { day, offsets, players, gains };
}

/** Adds stat column `stat`'s gains of `day` into `into` (indexed by history player number). */
export function addDayGains(day: DayGains, stat: number, into: Float64Array): void {
  const { players, gains } = day;
  for (let i = day.offsets[stat]!, end = day.offsets[stat + 1]!; i < end; i++) into[players[i]!]! += gains[i]!;
}

/** Bytes held by a day's arrays. */
export function dayGainsBytes(day: DayGains): number {
  return day.offsets.byteLength + day.players.byteLength + day.gains.byteLength;
}
