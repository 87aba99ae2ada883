import { forgetAgreement } from './agreed-counters.js';
import type { PullEntry } from './pull-entry.js';
import { newTrack } from './new-track.js';
import { noteJoined, noteTouched } from './touched-players.js';
import type { ActivityRecord } from './types.js';

/** The last `firstPulls` array, shared by every series first recorded at that pull. */
let shared: number[] = [];

/**
 * `[index]` for a new series: one array for all the series a pull starts (a first pull starts
 * three for every player: 50,000 players took 150,000 one-number arrays). Never modified:
 * `applyEntry` replaces a one-entry `pulls` rather than appending to it.
 */
function firstPulls(index: number): number[] {
  if (shared[0] !== index) shared = [index];
  return shared;
}

/**
 * Adds a pull entry to the in-memory record (mutates it). A counter enters a player's series
 * only when it is new or its value changed, so repeating unchanged values (the full listing at
 * the start of each monthly file) adds nothing, and the record is the same however the log was
 * split into files. Null (not recorded) values are skipped.
 *
 * @example
 * ```ts
 * const record = emptyRecord();
 * applyEntry(record, { at: 0, online: null, columns: ['play_time'], uuids: ['…'], values: [1200] });
 * record.players['…']; // { play_time: { pulls: [0], values: [1200] } }
 * ```
 */
export function applyEntry(record: ActivityRecord, entry: PullEntry): void {
  for (const name of entry.columns) {
    if (!record.counters.includes(name)) record.counters.push(name);
  }
  const index = record.times.length;
  record.times.push(entry.at);
  record.online.push(entry.online);
  record.recordingSince ??= entry.at;
  if (entry.event) record.events[entry.event.weekStart] = entry.event.stat;

  // A hot loop when loading (a year is ~10^6 rows): plain indexing, no callbacks.
  const { columns, uuids, values } = entry;
  // For a network merging this record again at every pull (see `followTouched`).
  noteTouched(record, uuids);
  const width = columns.length;
  for (let r = 0; r < uuids.length; r++) {
    const uuid = uuids[r]!;
    let track = record.players[uuid];
    // No prototype: counter names come from files (see emptyRecord).
    if (track === undefined) {
      record.players[uuid] = track = newTrack();
      noteJoined(record);
    } else forgetAgreement(track);
    for (let j = 0; j < width; j++) {
      const value = values[r * width + j];
      if (value === null || value === undefined) continue;
      const name = columns[j]!;
      const series = track[name];
      if (series === undefined) {
        track[name] = { pulls: firstPulls(index), values: [value] };
      } else if (series.values[series.values.length - 1] !== value) {
        // A one-entry `pulls` may be shared (see `firstPulls`): a longer one is a copy.
        if (series.pulls.length === 1) series.pulls = [series.pulls[0]!, index];
        else series.pulls.push(index);
        series.values.push(value);
      }
    }
  }
}
