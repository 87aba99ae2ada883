import type { PlayerSave, SaveData, Snapshot } from '@blockstats/core';
import type { RecordLog } from '@blockstats/core/node';

/**
 * The reference server's mutable state, shared by its pull and its HTTP side. `current` is
 * replaced whole, never mutated: a request holds the snapshot it started with.
 */
export interface PullState {
  /** The snapshot served, or null before the first good pull (or persisted snapshot). */
  current: Snapshot | null;
  /** The save of the last good pull (its mods and files for recipes). */
  lastSave: SaveData | null;
  /** Every player's last good reading, for files unreadable at a later pull. */
  lastGood: Map<string, PlayerSave> | null;
  /** Players the hiding rules left out at the last good pull (kept out of the live sample too). */
  hidden: ReadonlySet<string>;
  /** Identity of the mods folder at the last refresh (see `jarsKey`). */
  lastJars: string | null;
  recordLog: RecordLog | null;
  lastSuccessAt: number | null;
  lastErrorAt: number | null;
  lastError: string | null;
  nextPullAt: number | null;
  pulls: number;
  closing: boolean;
}

/** A fresh state: nothing served, nothing pulled. */
export function initialPullState(): PullState {
  return {
    current: null,
    lastSave: null,
    lastGood: null,
    hidden: new Set(),
    lastJars: null,
    recordLog: null,
    lastSuccessAt: null,
    lastErrorAt: null,
    lastError: null,
    nextPullAt: null,
    pulls: 0,
    closing: false,
  };
}
