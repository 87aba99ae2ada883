import { noteLines } from './pull-lines.js';
import type { ActivityRecord } from './types.js';

/** The players given a line in a record since pull `from` (an index into its times). */
interface Journal {
  from: number;
  uuids: Set<string>;
  /** Whether a player new to the record was given a line since `from`. */
  joined: boolean;
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
  journals.set(record, { from: record.times.length, uuids: new Set(), joined: false });
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

/** Called by `applyEntry` when it gives `record` a player it did not hold yet. */
export function noteJoined(record: ActivityRecord): void {
  const journal = journals.get(record);
  if (journal !== undefined) journal.joined = true;
}

/**
 * Whether `record` may hold a player it did not hold when it had `length` pulls: true unless
 * it was followed from then on (see `followTouched`) and gave no new player a line since.
 *
 * @example
 * if (!joinedSince(record, lengthAtLastMerge)) // the same players, in the same order
 */
export function joinedSince(record: ActivityRecord, length: number): boolean {
  return touchedSince(record, length) === null || journals.get(record)!.joined;
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
