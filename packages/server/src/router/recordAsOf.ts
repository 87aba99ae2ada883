import type { ActivityRecord } from '@blockstats/core';

/**
 * The moment record-derived answers (activity, history, events) are computed for: the record's
 * last pull, not the request's clock. Between two pulls nothing new is known, so answering "as of
 * the last pull" keeps the body, and with it the ETag, the same until the next pull, and
 * revalidation gets 304s (DECISIONS 21: the ETag changes when the data changes). A pull stamped
 * after `now` (clock skew) is capped at `now`.
 */
export function recordAsOf(record: ActivityRecord, now: number): number {
  const last = record.times.at(-1);
  return last === undefined ? now : Math.min(now, last);
}
