import type { ActivityRecord } from './types.js';

/**
 * A record with no pulls yet: what a fresh data directory loads as.
 *
 * @example
 * ```ts
 * const record = emptyRecord();
 * record.recordingSince; // null
 * ```
 */
export function emptyRecord(): ActivityRecord {
  return { recordingSince: null, times: [], online: [], counters: [], players: {}, events: {} };
}
