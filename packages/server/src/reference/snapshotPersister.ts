import type { Snapshot } from '@blockstats/core';
import type { Logger } from './logger.js';
import { writeSnapshotFile } from './snapshotFile.js';

/**
 * Keeps `snapshot.json` current after the pulls, off their critical path: a pull hands over the
 * snapshot it swapped in and is done; the file is written after it (`writeSnapshotFile`: a
 * temporary file renamed over the last one, so a crash at any point leaves the previous complete
 * file, as a crash just before the pull would). One write at a time; a snapshot handed over while
 * one runs waits, and only the newest waiting one is written.
 */
export interface SnapshotPersister {
  /** Writes `snapshot` once the write running (if any) is done; replaces any snapshot still waiting. */
  save(snapshot: Snapshot): void;
  /** Resolves once no write is running or waiting. */
  idle(): Promise<void>;
}

/** Options of {@link createSnapshotPersister}. */
export interface SnapshotPersisterOptions {
  /** The file (`<data>/snapshot.json`). */
  path: string;
  /** The server root and hiding rules stored with the snapshot (see `writeSnapshotFile`). */
  serverRoot: string;
  playersRules?: string;
  log: Logger;
  /** The writer, replaceable in tests. Default `writeSnapshotFile`. */
  write?: typeof writeSnapshotFile;
  /**
   * Called after each write (done or failed) when no other snapshot waits: the reference server
   * runs a full collection there (`collectGarbage`), once the previous snapshot and the write's
   * pieces are all garbage.
   */
  afterWrite?: () => void;
}

/**
 * Creates the persister of one data directory (see {@link SnapshotPersister}). Logs each write
 * (`snapshot_persisted`: its milliseconds, `afterWrite`'s apart) and each failure
 * (`snapshot_persist_failed`; the next pull's snapshot is tried again).
 *
 * @example
 * const persister = createSnapshotPersister({ path: join(dataDir, SNAPSHOT_FILE), serverRoot, log });
 * persister.save(snapshot); // returns at once
 * await persister.idle();   // before the process exits
 */
export function createSnapshotPersister(options: SnapshotPersisterOptions): SnapshotPersister {
  const write = options.write ?? writeSnapshotFile;
  let running: Promise<void> | null = null;
  let waiting: Snapshot | null = null;

  async function persist(snapshot: Snapshot): Promise<void> {
    const begin = performance.now();
    let failure: unknown = null;
    try {
      await write(options.path, options.serverRoot, snapshot, options.playersRules);
    } catch (error) {
      failure = error;
    }
    const written = performance.now();
    if (waiting === null) options.afterWrite?.();
    if (failure !== null) {
      options.log.log('warn', 'snapshot_persist_failed', { error: failure instanceof Error ? failure.message : String(failure) });
    } else {
      const end = performance.now();
      options.log.log('info', 'snapshot_persisted', { generation: snapshot.generation, duration_ms: Math.round(end - begin), write_ms: Math.round(written - begin), gc_ms: Math.round(end - written) });
    }
  }

  function pump(): void {
    if (running !== null || waiting === null) return;
    const snapshot = waiting;
    waiting = null;
    running = persist(snapshot).finally(() => {
      running = null;
      pump();
    });
  }

  return {
    save(snapshot) {
      waiting = snapshot;
      pump();
    },
    async idle() {
      while (running !== null) await running;
    },
  };
}
