import type { Snapshot } from '@blockstats/core';
import type { Logger } from './logger.js';
import type { ServedState } from './ServedState.js';
import { writeSnapshotFile } from './snapshotFile.js';

/**
 * Keeps `snapshot.json` recent after the pulls, off their critical path: a pull hands over the
 * snapshot it swapped in and is done; the file is written after it (`writeSnapshotFile`: a
 * temporary file renamed over the last one, so a crash at any point leaves the previous complete
 * file, as a crash just before the pull would). At most one write begins per `everyMs`: the
 * file only lets a restarted server answer before its first pull (with data that pull then
 * replaces), and at 10,000 players each write is ~36 MB and ~0.6 s of the server's thread. A
 * snapshot handed over sooner is kept unwritten until `flush()` (at shutdown) or a newer one.
 * One write at a time; a snapshot handed over while one runs waits, and only the newest waiting
 * one is written.
 */
export interface SnapshotPersister {
  /**
   * Hands over the snapshot just served, with what else its pull serves from (stored beside it,
   * so a restart answers as this pull did). Returns true when it will be written (now, or once the
   * running write is done, replacing any snapshot still waiting), false when it is kept unwritten
   * because a write began less than `everyMs` ago.
   */
  save(snapshot: Snapshot, served?: ServedState): boolean;
  /** Resolves once no write is running or waiting (one waiting for its turn included, see `begin`). */
  idle(): Promise<void>;
  /** Begins now the write that waits for its turn (see `begin`), if one does. */
  hurry(): void;
  /** Writes the newest snapshot kept unwritten, if any (at shutdown); resolves once idle. */
  flush(): Promise<void>;
}

/** A snapshot handed over, with its pull's served state. */
interface Handed {
  snapshot: Snapshot;
  served: ServedState | undefined;
}

/** Options of {@link createSnapshotPersister}. */
export interface SnapshotPersisterOptions {
  /** The file (`<data>/snapshot.json`). */
  path: string;
  /** The server root and hiding rules stored with the snapshot (see `writeSnapshotFile`). */
  serverRoot: string;
  playersRules?: string;
  log: Logger;
  /**
   * Least time between the beginnings of two writes, in ms (`schedule.persist`). Default 0:
   * every snapshot handed over is written.
   */
  everyMs?: number;
  /** The clock, epoch ms. Default `Date.now`. */
  clock?: () => number;
  /** The writer, replaceable in tests. Default `writeSnapshotFile`. */
  write?: typeof writeSnapshotFile;
  /**
   * Called after each write (done or failed) when no other snapshot waits: the reference server
   * asks its idle collector for a full collection there (the previous snapshot and the write's
   * pieces are all garbage by then), run at the next quiet moment.
   */
  afterWrite?: () => void;
  /**
   * When a write may begin: `begin(start)` calls `start` then (default: at once). The reference
   * server hands it to its idle collector (`defer`): the write, and `beforeWrite`'s collection
   * with it, run at the first quiet moment after the pull, not inside it (at 50,000 players that
   * collection took 0.5-1 s of the first pull and of one pull an hour). `hurry` and `flush` do
   * not wait for it.
   */
  begin?: (start: () => void) => void;
  /**
   * Called as each write begins: the reference server runs a full collection there too
   * (`collectGarbage`), so the write's pieces do not pile up on the garbage of the pull that
   * handed the snapshot over (its build's temporaries, the replaced snapshot): at the first pull
   * of 50,000 players, ~50 MB that V8 had not collected yet.
   */
  beforeWrite?: () => void;
}

/**
 * Creates the persister of one data directory (see {@link SnapshotPersister}). Logs each write
 * (`snapshot_persisted`: its milliseconds, `beforeWrite`'s and `afterWrite`'s apart as `gc_ms`)
 * and each failure (`snapshot_persist_failed`; the next snapshot handed over is written, however
 * soon).
 *
 * @example
 * const persister = createSnapshotPersister({ path: join(dataDir, SNAPSHOT_FILE), serverRoot, log });
 * persister.save(snapshot); // returns at once
 * await persister.flush();  // before the process exits
 */
export function createSnapshotPersister(options: SnapshotPersisterOptions): SnapshotPersister {
  const write = options.write ?? writeSnapshotFile;
  const everyMs = options.everyMs ?? 0;
  const clock = options.clock ?? Date.now;
  let running: Promise<void> | null = null;
  let waiting: Handed | null = null;
  /** The newest snapshot handed over too soon after a write began; null once a newer one is written. */
  let unwritten: Handed | null = null;
  /** When the last write began (epoch ms); null before the first. */
  let lastBegin: number | null = null;
  /** Begins the write waiting for its turn (see `begin`); null when none waits. */
  let release: (() => void) | null = null;

  async function persist({ snapshot, served }: Handed): Promise<void> {
    const begin = performance.now();
    let failure: unknown = null;
    options.beforeWrite?.();
    const collected = performance.now();
    try {
      await write(options.path, options.serverRoot, snapshot, options.playersRules, served);
    } catch (error) {
      failure = error;
      // The next snapshot handed over is written, however soon.
      lastBegin = null;
    }
    const written = performance.now();
    if (waiting === null) options.afterWrite?.();
    if (failure !== null) {
      options.log.log('warn', 'snapshot_persist_failed', { error: failure instanceof Error ? failure.message : String(failure) });
    } else {
      const end = performance.now();
      options.log.log('info', 'snapshot_persisted', { generation: snapshot.generation, duration_ms: Math.round(end - begin), write_ms: Math.round(written - collected), gc_ms: Math.round(collected - begin + end - written) });
    }
  }

  async function idle(): Promise<void> {
    while (running !== null) await running;
  }

  /** Resolves when the next write may begin (see `begin`); at once, synchronously, without `begin`. */
  function turn(): Promise<void> | null {
    const begin = options.begin;
    if (begin === undefined) return null;
    return new Promise<void>((resolve) => {
      release = resolve;
      begin(() => release?.());
    });
  }

  /** The newest snapshot waiting, written (null: another write took it meanwhile). */
  function writeWaiting(): Promise<void> {
    release = null;
    const handed = waiting;
    waiting = null;
    return handed === null ? Promise.resolve() : persist(handed);
  }

  function pump(): void {
    if (running !== null || waiting === null) return;
    lastBegin = clock();
    const waitingTurn = turn();
    // Written when its turn comes: a snapshot handed over meanwhile replaces it.
    running = (waitingTurn === null ? writeWaiting() : waitingTurn.then(writeWaiting)).finally(() => {
      running = null;
      pump();
    });
  }

  return {
    save(snapshot, served) {
      const handed = { snapshot, served };
      const elapsed = lastBegin === null ? Number.POSITIVE_INFINITY : clock() - lastBegin;
      // A clock set back (elapsed < 0) would otherwise hold every write back until it catches up.
      const due = elapsed >= everyMs || elapsed < 0;
      if (!due) {
        unwritten = handed;
        return false;
      }
      unwritten = null;
      waiting = handed;
      pump();
      return true;
    },
    idle,
    hurry() {
      release?.();
    },
    flush() {
      if (unwritten !== null) {
        waiting = unwritten;
        unwritten = null;
        pump();
      }
      release?.();
      return idle();
    },
  };
}
