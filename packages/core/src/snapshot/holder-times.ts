// An advancement's completion times (`SnapshotAdvancement.holder_at`) in 4 bytes a holder: the
// game writes whole seconds, so a build keeps them as 32-bit seconds where a plain array of
// epoch ms took 8 bytes (at 50,000 players, ~3.4 million completions).

/** The word of a holder without a known time (-1). */
export const HOLDER_TIME_UNKNOWN = 0xffffffff;
const UNKNOWN = HOLDER_TIME_UNKNOWN;

/**
 * Completion times as whole seconds from the epoch (`0xffffffff`: unknown), read as epoch ms
 * through `holderTime`. `JSON.stringify` writes the epoch ms (`toJSON`), so a snapshot file holds
 * what it held when the times were a plain array, and reads back as one.
 *
 * @example
 * const times = holderTimes([1_700_000_000_000, -1]); // a HolderTimes
 * holderTime(times, 0); // 1700000000000
 * JSON.stringify(times); // '[1700000000000,-1]'
 */
export class HolderTimes extends Uint32Array {
  /** The times as epoch ms, -1 unknown (what `JSON.stringify` writes). */
  toJSON(): number[] {
    const ms = new Array<number>(this.length);
    for (let i = 0; i < this.length; i++) ms[i] = holderTime(this, i)!;
    return ms;
  }
}

/** `SnapshotAdvancement.holder_at`: compact when built, a plain array of epoch ms when read back from JSON (or a time did not fit). */
export type HolderTimeList = HolderTimes | number[];

/** Completion time (epoch ms) of holder `i`; -1 unknown; undefined past the end. */
export function holderTime(times: HolderTimes | readonly number[], i: number): number | undefined {
  if (!(times instanceof HolderTimes)) return times[i];
  const seconds = times[i];
  return seconds === undefined ? undefined : seconds === UNKNOWN ? -1 : seconds * 1000;
}

/** Whether `ms` is a time `HolderTimes` keeps exactly: -1, or whole seconds in [0, 2^32 - 1) (not -0). */
function fits(ms: number): boolean {
  if (ms === -1) return true;
  const seconds = ms / 1000;
  return Number.isInteger(seconds) && seconds >= 0 && seconds < UNKNOWN && !Object.is(ms, -0);
}

/**
 * `ms` (epoch ms, -1 unknown) as `HolderTimes` when every time is whole seconds that fit; else
 * `ms` itself (fractions, times before 1970 or past 2106, -0 stay exact in the plain array).
 */
export function holderTimes(ms: number[]): HolderTimeList {
  for (let i = 0; i < ms.length; i++) if (!fits(ms[i]!)) return ms;
  const times = new HolderTimes(ms.length);
  for (let i = 0; i < ms.length; i++) times[i] = ms[i] === -1 ? UNKNOWN : ms[i]! / 1000;
  return times;
}
