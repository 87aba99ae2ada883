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

/**
 * {@link recordMemoKey}, the key string kept for each record while its pull count and last pull
 * time stay the same: the fast lane asks it for every request of a page that shows the record,
 * and building it anew (a 13-digit time formatted) each time is garbage a request.
 *
 * @example
 * const keyOf = recordMemoKeys();
 * keyOf(record) === keyOf(record); // the same string until the record records another pull
 */
export function recordMemoKeys(): (record: ActivityRecord | null) => string {
  const kept = new WeakMap<ActivityRecord, { length: number; last: number | undefined; key: string }>();
  return (record) => {
    if (record === null) return recordMemoKey(null);
    const { times } = record;
    const last = times[times.length - 1];
    const seen = kept.get(record);
    if (seen && seen.length === times.length && seen.last === last) return seen.key;
    const key = recordMemoKey(record);
    kept.set(record, { length: times.length, last, key });
    return key;
  };
}
