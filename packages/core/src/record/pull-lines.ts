import type { ActivityRecord } from './types.js';

/** The uuids given a line at each of a record's latest pulls: `uuids[k]` at pull `first + k`. */
interface Lines {
  first: number;
  uuids: Array<readonly string[]>;
}

/** By the record's `times`, which its views share (see `visibleRecord`). */
const linesByTimes = new WeakMap<readonly number[], Lines>();
/** Pulls remembered: what is derived at every pull looks one or two back. */
const KEPT = 64;

/**
 * Called (through `noteTouched`) by `applyEntry` with the players of the pull entry it applied
 * to `record` as pull `index` (every player whose counters could have entered a series; more is harmless).
 */
export function noteLines(record: ActivityRecord, index: number, uuids: readonly string[]): void {
  let lines = linesByTimes.get(record.times);
  if (lines === undefined || lines.first + lines.uuids.length !== index) linesByTimes.set(record.times, (lines = { first: index, uuids: [] }));
  lines.uuids.push(uuids);
  if (lines.uuids.length > KEPT) {
    lines.uuids.shift();
    lines.first++;
  }
}

/**
 * The players of every pull after pull `from` up to the record's last (a view of it works as
 * well): one list a pull, superset of those whose track changed since `from`. Null when that is
 * not known: a pull since was not applied by `applyEntry` (a merged network record), or lies
 * before the latest pulls remembered. Read-only.
 *
 * @example
 * const since = linesSince(record, closingThen); // null: look at every player
 */
export function linesSince(record: ActivityRecord, from: number): ReadonlyArray<readonly string[]> | null {
  const lines = linesByTimes.get(record.times);
  if (lines === undefined || lines.first + lines.uuids.length !== record.times.length || from + 1 < lines.first) return null;
  return lines.uuids.slice(from + 1 - lines.first);
}
