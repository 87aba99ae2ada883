import { noteLines } from './pull-lines.js';
import type { ActivityRecord } from './types.js';

/** The players given a line in a record since pull `from` (an index into its times). */
interface Journal {
  from: number;
  uuids: Set<string>;
}

/** Per record, while someone follows it (see `followTouched`). */
const journals = new WeakMap<ActivityRecord, Journal>();

/**
 * Starts (or starts again) noting the players `record` gives a line to from its next pull on:
 * `touchedSince` then names them. A record nobody follows notes nothing (a lone server's).
 *
 * @example
 * followTouched(record); // after merging it
 * // … pulls append to it …
 * touchedSince(record, length); // the uuids appended since `length` pulls
 */
export function followTouched(record: ActivityRecord): void {
  journals.set(record, { from: record.times.length, uuids: new Set() });
}

/**
 * Called by `applyEntry` with the players of a pull entry it applied to `record`, its times
 * already holding that pull (every player whose counters could have entered a series; more is
 * harmless).
 */
export function noteTouched(record: ActivityRecord, uuids: readonly string[]): void {
  // Also for what is derived at every pull from the players given a line since (see `linesSince`).
  noteLines(record, record.times.length - 1, uuids);
  const journal = journals.get(record);
  if (journal === undefined) return;
  for (const uuid of uuids) journal.uuids.add(uuid);
}

/**
 * Every player of `record` whose track may have changed since it had `length` pulls (a superset
 * of those given a line since), or null when that is not known: nobody followed the record
 * from then on (see `followTouched`). Read-only.
 *
 * @example
 * const changed = touchedSince(record, lengthAtLastMerge); // null: look at every player
 */
export function touchedSince(record: ActivityRecord, length: number): ReadonlySet<string> | null {
  const journal = journals.get(record);
  return journal !== undefined && journal.from <= length && record.times.length >= length ? journal.uuids : null;
}
