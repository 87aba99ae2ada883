import { HolderTimes, IndexColumn, IntValueColumn, ValueColumn, type Snapshot } from '@blockstats/core';
import { readJsonFile, writeLargeJsonAtomic } from '../live/jsonFile.js';
import { isServedState, type ServedState } from './ServedState.js';

/** File name of the persisted last good snapshot inside the data directory. */
export const SNAPSHOT_FILE = 'snapshot.json';

/**
 * A snapshot's typed columns, each written to JSON element by element (`toJSON`): written a
 * slice at a time (see `jsonChunks`). Whole, each column's array and text (~0.4 MB each at
 * 50,000 players, three a stat) went to V8's old generation: the write of the first pull's
 * snapshot raised the 50k server's resident size by ~55 MB until the collection after it.
 */
const SNAPSHOT_COLUMNS = [IntValueColumn, ValueColumn, IndexColumn, HolderTimes];

/** Stored form: the snapshot plus which server it was built from. */
interface StoredSnapshot {
  format: 1;
  /** Absolute server root the snapshot was read from: another server's snapshot is never served. */
  server_root: string;
  /**
   * Fingerprint of the hiding rules it was built with (`playerRulesKey`): a snapshot built before
   * a player was added to the hide list is never served again, not even until the first pull.
   */
  players_rules?: string;
  snapshot: Snapshot;
  /**
   * What the pull left the server answering from besides the snapshot (recipe files, hidden
   * players, unreadable files): absent from files written before it was stored.
   */
  served?: ServedState;
}

/** A persisted snapshot as read back, with what else its pull served from (null when not stored). */
export interface RestoredSnapshot {
  snapshot: Snapshot;
  served: ServedState | null;
}

/**
 * Persists the last good snapshot (temporary file + rename: a crash never leaves half a file),
 * so a restarted server answers at once instead of 503 until its first pull. Written in pieces
 * (each player, stat and advancement on its own): at 10k players the text is ~35 MB, which held
 * whole (and again encoded) made the end of every pull the server's memory peak.
 */
export async function writeSnapshotFile(path: string, serverRoot: string, snapshot: Snapshot, playersRules?: string, served?: ServedState): Promise<void> {
  const stored: StoredSnapshot = { format: 1, server_root: serverRoot, ...(playersRules === undefined ? {} : { players_rules: playersRules }), snapshot, ...(served ? { served } : {}) };
  // Levels: stored → snapshot → its arrays (players, stats, …) → one entry each; a stat's and an
  // advancement's columns (50,000 numbers each at 50,000 players) a slice at a time.
  await writeLargeJsonAtomic(path, stored, 3, { columns: SNAPSHOT_COLUMNS });
}

/**
 * Reads a persisted snapshot (of at most `maxBytes`, default 1 GiB). Null when there is none, or
 * it was built from another server directory, or (given `playersRules`) with other hiding rules;
 * throws (naming the file) when it exists but is damaged, too large or not a regular file.
 */
export async function readSnapshotFile(path: string, serverRoot: string, playersRules?: string, maxBytes?: number): Promise<Snapshot | null> {
  return (await readStoredSnapshot(path, serverRoot, playersRules, maxBytes))?.snapshot ?? null;
}

/**
 * Like {@link readSnapshotFile}, with what the pull that wrote it served from besides the
 * snapshot (`served`: null for a file written before it was stored, or whose part is damaged).
 */
export async function readStoredSnapshot(path: string, serverRoot: string, playersRules?: string, maxBytes?: number): Promise<RestoredSnapshot | null> {
  const value = (await readJsonFile(path, maxBytes)) as Partial<StoredSnapshot> | undefined;
  if (value === undefined) return null;
  const snapshot = value?.snapshot;
  if (value?.format !== 1 || typeof value.server_root !== 'string' || !snapshot || snapshot.format !== 1 || typeof snapshot.generation !== 'string' || !Array.isArray(snapshot.players) || !Array.isArray(snapshot.stats)) {
    throw new Error(`${path} does not hold a blockstats snapshot; it will be replaced at the next pull`);
  }
  if (playersRules !== undefined && value.players_rules !== playersRules) return null;
  if (value.server_root !== serverRoot) return null;
  return { snapshot, served: isServedState(value.served) ? value.served : null };
}
