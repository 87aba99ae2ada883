import type { ActivityRecord } from '@blockstats/core';

/**
 * The part of a page's memo key that says which state of the activity record it shows: the
 * record grows at every pull, often without a new snapshot. The router's fast lane computes the
 * same key to find such a page without building a Request.
 *
 * @example
 * recordMemoKey(record); // 'r4309:1794654000000'
 * recordMemoKey(null); // 'r-'
 */
export function recordMemoKey(record: ActivityRecord | null): string {
  return record ? `r${record.times.length}:${record.times.at(-1) ?? ''}` : 'r-';
}
