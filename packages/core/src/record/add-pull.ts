import { applyEntry } from './apply-entry.js';
import { pullEntry } from './pull-entry.js';
import type { ActivityRecord, Pull } from './types.js';

/**
 * Records a pull in memory only (no file): tests, demos and callers that keep their own storage.
 * Returns the uuids that got a line (changed or first seen). Same checks as `pullEntry`.
 *
 * @example
 * ```ts
 * const record = emptyRecord();
 * addPull(record, { at: Date.parse('2026-11-16T12:00:00Z'), online: 1,
 *   counters: { '069a79f4-44e9-4726-a5be-fca90e38aaf5': { play_time: 72000, deaths: 2 } } });
 * record.recordingSince; // 1794830400000
 * ```
 */
export function addPull(record: ActivityRecord, pull: Pull): string[] {
  const entry = pullEntry(record, pull);
  applyEntry(record, entry);
  return entry.uuids;
}
