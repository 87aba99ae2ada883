import type { Worker } from 'node:worker_threads';

/**
 * A parse worker kept between reads: the thread, ready for a batch, its string numbering (the
 * ids of its own string table → those of `sharedStrings`), which stays valid as long as the
 * thread lives, and the read limits it was started with (as text: a worker is handed to a read
 * with the same limits only).
 */
export interface KeptParseWorker {
  worker: Worker;
  map: number[];
  limits: string;
}

/** Parse worker threads kept between reads (see `createParseWorkerPool`). */
export interface ParseWorkerPool {
  /** An idle worker started with these `limits`, ready for a batch, or undefined when none is kept. */
  take(limits: string): KeptParseWorker | undefined;
  /** Keeps an idle worker for a later read; false (the caller terminates it) once closed or full. */
  keep(kept: KeptParseWorker): boolean;
  /** Workers kept now. */
  size(): number;
  /** Terminates the kept workers; from then on nothing is kept. */
  close(): Promise<void>;
}

/** Options of `createParseWorkerPool`. */
export interface ParseWorkerPoolOptions {
  /** Workers kept at most (default 4, as many as a read starts at most by default). */
  max?: number;
}

const DEFAULT_MAX = 4;
/**
 * The events the parse code listens to on a worker, and the only ones whose listeners it removes
 * (a Worker's own bookkeeping listens to others).
 */
export const WORKER_EVENTS = ['message', 'error', 'messageerror', 'exit'] as const;

/**
 * Keeps `readSave`'s parse worker threads between reads, for a process that reads the same save
 * again and again (a server's pulls, see `ReadSaveOptions.workers`). A read of a few changed
 * files then parses them on threads that are already up, their code already compiled, instead
 * of on the calling thread (starting threads for a few hundred files costs more than it saves).
 * A kept worker does not keep the process alive; one that exits while kept is dropped. Close the
 * pool when done with the save.
 *
 * @example
 * const workers = createParseWorkerPool();
 * const cache = createParseCache();
 * const save = await readSave('/srv/minecraft', { cache, workers });
 * // … every 15 minutes: await readSave('/srv/minecraft', { cache, workers });
 * await workers.close();
 */
export function createParseWorkerPool(options: ParseWorkerPoolOptions = {}): ParseWorkerPool {
  const max = Math.max(0, Math.floor(options.max ?? DEFAULT_MAX));
  const idle = new Set<KeptParseWorker>();
  let closed = false;

  const release = (kept: KeptParseWorker): void => {
    for (const event of WORKER_EVENTS) kept.worker.removeAllListeners(event);
  };

  return {
    take(limits) {
      let kept: KeptParseWorker | undefined;
      for (const candidate of idle) {
        if (candidate.limits !== limits) continue;
        kept = candidate;
        break;
      }
      if (kept === undefined) return undefined;
      idle.delete(kept);
      release(kept);
      kept.worker.ref();
      return kept;
    },
    keep(kept) {
      if (closed || idle.size >= max) return false;
      release(kept);
      const drop = (): void => {
        if (!idle.delete(kept)) return;
        release(kept);
        void kept.worker.terminate().catch(() => undefined);
      };
      // A kept worker that fails or exits is no use: dropped (an 'error' is followed by 'exit').
      kept.worker.on('error', drop);
      kept.worker.on('messageerror', drop);
      kept.worker.on('exit', drop);
      // Nothing is asked of an idle worker, so a stray message means it is not in the state kept.
      kept.worker.on('message', drop);
      kept.worker.unref();
      idle.add(kept);
      return true;
    },
    size: () => idle.size,
    async close() {
      closed = true;
      const stopping = [...idle].map((kept) => {
        release(kept);
        return kept.worker.terminate().catch(() => undefined);
      });
      idle.clear();
      await Promise.all(stopping);
    },
  };
}
