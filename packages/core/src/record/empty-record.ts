import type { ActivityRecord } from './types.js';

/**
 * A record with no pulls yet: what a fresh data directory loads as. Its `players` and `events`
 * have no prototype (every player's track has an empty one without a prototype, see `newTrack`):
 * their keys come from files, and a counter or uuid named `__proto__`, `constructor` or
 * `toString` is plain data.
 *
 * @example
 * ```ts
 * const record = emptyRecord();
 * record.recordingSince; // null
 * ```
 */
export function emptyRecord(): ActivityRecord {
  return { recordingSince: null, times: [], online: [], counters: [], players: Object.create(null), events: Object.create(null) };
}
