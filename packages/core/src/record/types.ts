/**
 * The activity record: what the recorder keeps between pulls, as plain in-memory data.
 *
 * SPEC: "Activity is derived by diffing the game's play-time counters between consecutive pulls
 * (resolution 15 minutes)". Each pull stores the counters of the players that changed and one
 * server sample (the status ping's online count, or null when the ping failed). The derived
 * functions in `activity/`, `history/` and `events/` read this and nothing else.
 */

/** One pull, as given to `recordPull`. */
export interface Pull {
  /** When the pull happened (epoch ms). Must be later than the previous pull. */
  at: number;
  /**
   * Counters per player uuid, e.g. `{ play_time: 72000, deaths: 3, jump: 1200 }` (stat ids of the
   * catalogue, raw units). Players absent here keep their previous values.
   */
  counters: Map<string, Record<string, number>> | Record<string, Record<string, number>>;
  /** Players online according to the status ping, or null when the ping failed. */
  online: number | null;
  /**
   * The weekly event this pull records for: the stat chosen for the week starting at
   * `weekStart` (epoch ms, Monday 00:00 local). Stored so a finished event keeps its stat even
   * if the event configuration changes later (see `eventCounters`).
   */
  event?: { weekStart: number; stat: string } | null;
}

/**
 * One counter of one player over time: the pulls at which it was first recorded or changed, and
 * its value from then on. Between two entries the value stood still (the recorder saw it at
 * every pull in between, unless it was a weekly-event stat outside its week).
 */
export interface CounterSeries {
  /** Indices into `ActivityRecord.times`, ascending. */
  pulls: number[];
  /** The counter's value at each of those pulls. */
  values: number[];
}

/** A player's counters over time, by counter name (`play_time`, `deaths`, event stat ids). */
export type PlayerTrack = Record<string, CounterSeries>;

/** Everything recorded so far. Derived functions treat it as read-only. */
export interface ActivityRecord {
  /** Time of the first pull (epoch ms), or null before any pull: SPEC `meta.recording_since`. */
  recordingSince: number | null;
  /** Every pull's time (epoch ms), strictly ascending. */
  times: number[];
  /** Per pull (same positions as `times`): players online from the status ping, null on failure. */
  online: (number | null)[];
  /** Counter names recorded, in the order first seen. */
  counters: string[];
  /** Per player uuid. */
  players: Record<string, PlayerTrack>;
  /** Weekly event stat recorded for each week, keyed by the week's start (epoch ms, as a string). */
  events: Record<string, string>;
}

/** Something in the log that was skipped or repaired while loading or appending. */
export interface RecordWarning {
  /** Log file, relative to the data directory (`record/record-2026-11.jsonl`). */
  file: string;
  /** 1-based line number, or null for a whole-file problem. */
  line: number | null;
  reason: string;
}
