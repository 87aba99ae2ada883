/**
 * Builds activity records for tests the way the recorder does (through `addPull`), from a
 * script of what each player did in each 15-minute window. A fake clock: nothing reads time.
 */
import { addPull } from '../src/record/add-pull.js';
import { emptyRecord } from '../src/record/empty-record.js';
import type { ActivityRecord } from '../src/record/types.js';

export const MINUTE = 60_000;
export const Q = 15 * MINUTE;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const TICKS_PER_MINUTE = 1200;

/** What happened in the window ending at this pull. */
export interface Step {
  /** Minutes played per player (play_time rises by minutes × 1200 ticks). */
  play?: Record<string, number>;
  /** Deaths per player. */
  die?: Record<string, number>;
  /** Other counters to raise per player, e.g. `{ jump: 12 }`. */
  gain?: Record<string, Record<string, number>>;
  /** Absolute counter values to set (e.g. a reset to 0). */
  set?: Record<string, Record<string, number>>;
  /** The ping's online count; default: the number of players who played, or null for `'fail'`. */
  online?: number | null;
  /** Time since the previous pull; default 15 minutes. */
  after?: number;
}

/** Counters of the players present at the first pull (default: 0 everywhere). */
export type Initial = Record<string, Record<string, number>>;

/** Records pull 0 at `start` with `initial`, then one pull per step. */
export function buildRecord(start: number, initial: Initial, steps: readonly Step[]): ActivityRecord {
  const record = emptyRecord();
  const counters = new Map<string, Record<string, number>>();
  for (const [uuid, c] of Object.entries(initial)) counters.set(uuid, { play_time: 0, deaths: 0, ...c });
  addPull(record, { at: start, online: 0, counters: clone(counters) });
  let at = start;
  for (const step of steps) {
    at += step.after ?? Q;
    const touch = (uuid: string) => {
      let c = counters.get(uuid);
      if (!c) counters.set(uuid, (c = { play_time: 0, deaths: 0 }));
      return c;
    };
    for (const [uuid, minutes] of Object.entries(step.play ?? {})) touch(uuid).play_time! += minutes * TICKS_PER_MINUTE;
    for (const [uuid, n] of Object.entries(step.die ?? {})) touch(uuid).deaths! += n;
    for (const [uuid, gains] of Object.entries(step.gain ?? {})) {
      const c = touch(uuid);
      for (const [name, n] of Object.entries(gains)) c[name] = (c[name] ?? 0) + n;
    }
    for (const [uuid, values] of Object.entries(step.set ?? {})) Object.assign(touch(uuid), values);
    const online = step.online !== undefined ? step.online : Object.values(step.play ?? {}).filter((m) => m > 0).length;
    addPull(record, { at, online, counters: clone(counters) });
  }
  return record;
}

/** `n` empty steps (nobody plays). */
export const idle = (n: number, online: number | null = 0): Step[] => Array.from({ length: n }, () => ({ online }));

function clone(counters: Map<string, Record<string, number>>): Map<string, Record<string, number>> {
  return new Map([...counters].map(([k, v]) => [k, { ...v }]));
}
