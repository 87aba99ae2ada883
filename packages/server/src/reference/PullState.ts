import type { PlayerSave, SaveData, SaveWarning, Snapshot } from '@blockstats/core';
import type { RecordLog, StatHistoryLog } from '@blockstats/core/node';
import { RecordedReadings } from './RecordedReadings.js';
import type { RecipeSource } from './ServedState.js';

/**
 * The reference server's mutable state, shared by its pull and its HTTP side. `current` is
 * replaced whole, never mutated: a request holds the snapshot it started with.
 */
export interface PullState {
  /** The snapshot served, or null before the first good pull (or persisted snapshot). */
  current: Snapshot | null;
  /** The save of the last good pull (its mods and player lists); null until this process's first. */
  lastSave: SaveData | null;
  /** Where `include=recipes` reads from: the last good pull's save, or the one restored with the snapshot. */
  recipes: RecipeSource | null;
  /** Every player's last good reading, for files unreadable at a later pull; null until the first good pull. */
  lastGood: ReadonlyMap<string, PlayerSave> | null;
  /** Players whose last good reading is on disk (read at start): the baseline of the first pull. */
  storedPlayers: ReadonlySet<string>;
  /** Players the hiding rules left out at the last good pull (kept out of the live sample too). */
  hidden: ReadonlySet<string>;
  /** Identity of the mods folder at the last refresh (see `jarsKey`). */
  lastJars: string | null;
  recordLog: RecordLog | null;
  /** The stat history (issue 41), written beside the record; null when recording is off. */
  historyLog: StatHistoryLog | null;
  /** The stat history being read in the background after a start (pulls wait for it), or null. */
  historyLoading: Promise<void> | null;
  /** Why the last pull could not be added to the stat history, or null once one is. */
  historyError: string | null;
  /** The last pull's stat history frame being written (see `recordHistory`; never rejects), or null. */
  historyWriting: Promise<void> | null;
  /** The readings `recordLog` holds the counters of: a pull records only the others. */
  recordedReadings: RecordedReadings;
  lastSuccessAt: number | null;
  lastErrorAt: number | null;
  lastError: string | null;
  /** Why the last append to the record failed, or null once one succeeds. */
  recordError: string | null;
  /** `uuid/part` of the files whose last good data the last published pull kept (see `keepLastGood`). */
  keptParts: ReadonlySet<string>;
  /** Files the last published pull could not use: unreadable, refused, or missing with their players' last good data kept. */
  unreadable: SaveWarning[];
  /** Pulls rejected in a row for losing too many players at once (see `lostTooMany`). */
  lossRejections: number;
  /** Readings of pulls given up on (time budget, shutdown) that have not stopped yet; each leaves the set when it does. */
  abandoned: Set<Promise<unknown>>;
  /** Stops the running pull (shutdown), or null when none runs. */
  stopPull: ((reason: Error) => void) | null;
  /** Since when (epoch ms) and why a remote save cannot be reached; null while it can (or it is local). */
  sourceDown: { since: number; reason: string } | null;
  pulls: number;
  closing: boolean;
}

/** A fresh state: nothing served, nothing pulled. */
export function initialPullState(): PullState {
  return {
    current: null,
    lastSave: null,
    recipes: null,
    lastGood: null,
    storedPlayers: new Set(),
    hidden: new Set(),
    lastJars: null,
    recordLog: null,
    historyLog: null,
    historyLoading: null,
    historyError: null,
    historyWriting: null,
    recordedReadings: new RecordedReadings(),
    lastSuccessAt: null,
    lastErrorAt: null,
    lastError: null,
    recordError: null,
    keptParts: new Set(),
    unreadable: [],
    lossRejections: 0,
    abandoned: new Set(),
    stopPull: null,
    sourceDown: null,
    pulls: 0,
    closing: false,
  };
}
