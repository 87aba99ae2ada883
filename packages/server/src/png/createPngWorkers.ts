import { Worker } from 'node:worker_threads';
import { locateWorkerFile, workerEntry } from '@blockstats/core/node';
import { PngRenderError } from './PngRenderError.js';
import type { PngWorkerReply } from './PngWorkerReply.js';

/** Options of {@link createPngWorkers}. */
export interface PngWorkersOptions {
  /** Worker threads at most (started on first use, one per render waiting, up to this many). */
  threads: number;
  /** Time one render may take on its worker (counted once the worker has loaded the renderer) before the worker is terminated and replaced. */
  timeoutMs: number;
  /** @internal The worker script, instead of `png-worker` beside this module (tests). */
  script?: URL;
  /** Told when a worker is given up on (a render timed out or its worker died). */
  onWorkerLost?: (reason: 'timeout' | 'crashed', detail: string) => void;
}

/** Worker threads that render SVG to PNG, one render each at a time, in arrival order. */
export interface PngWorkers {
  /** Renders `svg` on the next free worker; rejects with a {@link PngRenderError}. */
  render(svg: string): Promise<Uint8Array>;
  /** Renders running on a worker now. */
  readonly running: number;
  /** Renders waiting for a free worker. */
  readonly waiting: number;
  /** Terminates every worker; renders waiting or running reject (`closed`), later ones too. */
  close(): Promise<void>;
}

interface Job {
  svg: string;
  /** Fires when it has waited `timeoutMs` for a worker: a client is not kept waiting longer. */
  timer: ReturnType<typeof setTimeout> | null;
  resolve: (png: Uint8Array) => void;
  reject: (error: PngRenderError) => void;
}

interface Slot {
  worker: Worker;
  /** Whether it has loaded the renderer: a render's time budget starts then. */
  ready: boolean;
  job: Job | null;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * A worker renders cards only: its heap holds one SVG string at a time (the pixels live in the
 * native module's memory), so a small heap keeps each thread's memory small.
 */
const RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 };
/**
 * How long a new worker may take to load the renderer before its first render's budget starts:
 * a start on a busy machine is not a slow render, but one that never comes is given up on.
 */
const START_MS = 30_000;

/**
 * Starts PNG renders on worker threads (`png-worker`), so that rasterising never runs on the
 * thread that answers requests. A render past `timeoutMs` or one whose worker dies rejects
 * alone: the worker is terminated and a fresh one takes the next render; one that waits
 * `timeoutMs` for a free worker rejects too (`timeout`), so no request waits much longer than
 * twice the budget whatever the machine's load. Idle workers do not
 * keep the process alive; a render under way does. The queue is unbounded here: the pool in
 * front of it (`createPngPool`) bounds it.
 *
 * @example
 * const workers = createPngWorkers({ threads: 1, timeoutMs: 5_000 });
 * const png = await workers.render(playerCard(card));
 * await workers.close();
 */
export function createPngWorkers(options: PngWorkersOptions): PngWorkers {
  const threads = Math.max(1, Math.floor(options.threads));
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let closed = false;

  const start = (): Slot => {
    const script = options.script ?? locateWorkerFile('png-worker', import.meta.url);
    if (script === null) throw new PngRenderError('crashed', 'the PNG worker script (png-worker.js) is missing beside the server package');
    const worker = new Worker(workerEntry(script, 'blockstats-png-worker'), { resourceLimits: RESOURCE_LIMITS });
    const slot: Slot = { worker, ready: false, job: null, timer: null };
    worker.on('message', (reply: PngWorkerReply) => finish(slot, reply));
    // An 'error' (an uncaught exception, a failed start, out of memory) is followed by 'exit'.
    worker.on('error', (error) => lose(slot, error.message));
    worker.on('exit', (code) => lose(slot, `exited with code ${code}`));
    worker.unref();
    slots.add(slot);
    return slot;
  };

  /** Hands waiting renders to free workers, starting workers up to `threads`. */
  const pump = (): void => {
    while (queue.length > 0 && !closed) {
      let slot: Slot | undefined;
      for (const candidate of slots) {
        if (candidate.job === null) {
          slot = candidate;
          break;
        }
      }
      if (!slot && slots.size >= threads) return;
      const job = queue.shift()!;
      if (job.timer) clearTimeout(job.timer);
      try {
        slot ??= start();
      } catch (error) {
        job.reject(error instanceof PngRenderError ? error : new PngRenderError('crashed', `a PNG worker could not start: ${(error as Error).message}`));
        continue;
      }
      slot.job = job;
      slot.worker.ref();
      startTimer(slot, slot.ready ? options.timeoutMs : START_MS + options.timeoutMs);
      slot.worker.postMessage(job.svg);
    }
  };

  const startTimer = (slot: Slot, ms: number): void => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => expire(slot, ms), ms);
  };

  /** Takes a worker out of the pool for good; returns the render it held, if any. */
  const retire = (slot: Slot): Job | null => {
    slots.delete(slot);
    if (slot.timer) clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = null;
    slot.worker.removeAllListeners();
    // Terminating may still emit an error or exit: nothing listens for it any more.
    slot.worker.on('error', () => undefined);
    void slot.worker.terminate().catch(() => undefined);
    return job;
  };

  const finish = (slot: Slot, reply: PngWorkerReply): void => {
    if (reply.ready) {
      slot.ready = true;
      // The render it holds was posted before it could start: its budget starts now.
      if (slot.job) startTimer(slot, options.timeoutMs);
      return;
    }
    const job = slot.job;
    if (job === null) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    slot.worker.unref();
    if (reply.png) job.resolve(reply.png);
    else job.reject(new PngRenderError('failed', `the card could not be rendered: ${reply.error}`));
    pump();
  };

  const expire = (slot: Slot, ms: number): void => {
    const job = retire(slot);
    const detail = `a render took longer than ${ms} ms`;
    options.onWorkerLost?.('timeout', detail);
    job?.reject(new PngRenderError('timeout', `${detail}; its worker was replaced`));
    pump();
  };

  const lose = (slot: Slot, detail: string): void => {
    if (!slots.has(slot)) return;
    const job = retire(slot);
    if (job === null) return; // an idle worker that ended: the next render starts a fresh one
    options.onWorkerLost?.('crashed', detail);
    job.reject(new PngRenderError('crashed', `the PNG worker died (${detail}); it was replaced`));
    pump();
  };

  return {
    render(svg) {
      if (closed) return Promise.reject(new PngRenderError('closed', 'the PNG workers are closed'));
      return new Promise<Uint8Array>((resolve, reject) => {
        const job: Job = { svg, resolve, reject, timer: null };
        queue.push(job);
        pump();
        if (!queue.includes(job)) return;
        job.timer = setTimeout(() => {
          queue.splice(queue.indexOf(job), 1);
          reject(new PngRenderError('timeout', `it waited ${options.timeoutMs} ms for a free worker`));
        }, options.timeoutMs);
      });
    },
    get running() {
      let running = 0;
      for (const slot of slots) if (slot.job !== null) running++;
      return running;
    },
    get waiting() {
      return queue.length;
    },
    async close() {
      closed = true;
      const error = new PngRenderError('closed', 'the server is shutting down');
      for (const job of queue.splice(0)) {
        if (job.timer) clearTimeout(job.timer);
        job.reject(error);
      }
      const stopping = [...slots].map((slot) => {
        const job = retire(slot);
        job?.reject(error);
        return slot.worker.terminate().catch(() => undefined);
      });
      await Promise.all(stopping);
    },
  };
}
