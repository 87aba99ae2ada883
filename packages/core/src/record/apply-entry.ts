import type { PullEntry } from './pull-entry.js';
import type { ActivityRecord } from './types.js';

/**
 * Adds a pull entry to the in-memory record (mutates it). Counters the entry does not name carry
 * the player's previous values; new counter names are added to every track as "not recorded".
 * A player line that changes nothing (the full listing at the start of a monthly file) adds
 * nothing, so the record is the same however the log was split into files.
 *
 * @example
 * ```ts
 * const record = emptyRecord();
 * applyEntry(record, { at: 0, online: null, columns: ['play_time'], players: [] });
 * record.times; // [0]
 * ```
 */
export function applyEntry(record: ActivityRecord, entry: PullEntry): void {
  for (const name of entry.columns) {
    if (record.counters.includes(name)) continue;
    record.counters.push(name);
    for (const track of Object.values(record.players)) {
      track.values[name] = track.pulls.map(() => null);
    }
  }
  const index = record.times.length;
  record.times.push(entry.at);
  record.online.push(entry.online);
  record.recordingSince ??= entry.at;

  for (const { uuid, values } of entry.players) {
    let track = record.players[uuid];
    if (track && unchanged(track, entry.columns, values)) continue;
    if (!track) {
      track = { pulls: [], values: {} };
      for (const name of record.counters) track.values[name] = [];
      record.players[uuid] = track;
    }
    track.pulls.push(index);
    for (const name of record.counters) {
      const column = track.values[name]!;
      const at = entry.columns.indexOf(name);
      column.push(at === -1 ? (column.at(-1) ?? null) : (values[at] ?? null));
    }
  }
}

function unchanged(track: ActivityRecord['players'][string], columns: readonly string[], values: readonly (number | null)[]): boolean {
  return columns.every((name, i) => (values[i] ?? null) === (track.values[name]?.at(-1) ?? null));
}
