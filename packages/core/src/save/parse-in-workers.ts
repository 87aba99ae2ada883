import { Worker } from 'node:worker_threads';
import { ByteBlocks } from './byte-blocks.js';
import { remapAdvancements, remapStats, sharedStrings, type PackedAdvancements, type PackedStats } from './packed.js';
import { parseRequest, type ParseLimits, type ParseOutcome, type ParseRequest } from './parse-request.js';
import { WORKER_EVENTS, type ParseWorkerPool } from './parse-worker-pool.js';
import { DEFAULT_READ_LIMITS, type ReadLimits } from './read-limits.js';
import { locateWorkerFile, workerEntry } from './worker-entry.js';

export type { ParseOutcome, ParseRequest } from './parse-request.js';

/** Options of `parseInWorkers`. */
export interface ParseInWorkersOptions {
  /** Worker threads to start (at least 1; fewer when there are fewer batches). */
  threads: number;
  /** Called as batches complete: how many requests have their outcome. */
  onProgress?: (done: number) => void;
  /** Size limits of the reads and the time budget of one file (`fileParseMs`); default `DEFAULT_READ_LIMITS`. */
  limits?: Pick<ReadLimits, keyof ParseLimits | 'fileParseMs'>;
  /** Files handed to a worker at once (default 64; 1 gives each file a time budget of its own). */
  batchSize?: number;
  /** Aborting terminates the workers and rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Workers kept between calls: idle ones are taken before any is started, and with `keep` the
   * call's workers still up at its end are left there instead of terminated.
   */
  pool?: ParseWorkerPool;
  /** Leave the workers in `pool` at the end (default false: terminated, their heaps released). */
  keep?: boolean;
  /** @internal The worker script, instead of the one next to this module (tests). */
  workerScript?: URL;
}

/**
 * A worker's message: the strings its table gained since its previous message, in table order,
 * and the outcomes of the batch it was given (null in its first message, which only says it is
 * ready). Every message asks for the next batch.
 */
export interface WorkerReply {
  strings: string[];
  outcomes: ParseOutcome[] | null;
}

/**
 * Files per batch. A worker asks for the next batch when done with one, so two workers sharing
 * a busy 2-core machine balance themselves; 64 files are ~10-20 ms of work, long enough for the
 * round trip to be noise and short enough to leave no worker idle long at the end.
 */
const BATCH_SIZE = 64;
/**
 * Batches each thread gets at least, when there are too few files for batches of `BATCH_SIZE`
 * to spread evenly: a 15-minute pull's 300 changed files (10,000 players, 1 % changed) went out
 * as 64, 64, 64, 64 and 44 to two workers, one of them parsing 192 files while the other had
 * finished with 108; in batches of 19, neither waits more than one short batch for the other.
 */
const BATCHES_PER_THREAD = 8;
/** Files per batch at least when a job is cut for `BATCHES_PER_THREAD` (a round trip each). */
const MIN_SPLIT_BATCH = 8;
/** Requests parsed inline (when workers stopped starting) between two yields to the event loop. */
const INLINE_SLICE = 12;
/**
 * Workers started beyond `threads` to replace ones that timed out or crashed. Each replacement
 * finishes at least one file (a failed batch is retried file by file; a file failing alone
 * fails), so this only bounds a save whose every file kills its worker.
 */
const SPARE_WORKERS = 16;
/** How long a terminated worker is waited for before it is left to the operating system. */
const TERMINATE_WAIT_MS = 1_000;
/**
 * Heap limits of a worker. It holds one batch's parsed JSON at a time and a table of a few
 * thousand strings: a small young generation keeps its RSS small (V8's default sizes it for
 * throughput, tens of MB a thread) at a cost of a few more, cheap, scavenges.
 */
const RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 256 };

/**
 * The worker script: `parse-worker.js` next to this module, or `parse-worker.ts` when running
 * from the TypeScript sources. In the build, tsup bundles this module into `dist/index.js` and
 * the worker into `dist/parse-worker.js`; in the sources both sit in `src/save/`. Null when
 * neither exists (say, bundled into an application): the caller parses inline.
 */
function locateWorkerScript(): URL | null {
  return locateWorkerFile('parse-worker', import.meta.url);
}

/**
 * A worker's packed summary as this thread keeps it: renumbered into `sharedStrings`, written
 * into memory this thread allocates (a block of `blocks` when given). Kept as received, each
 * summary would be a buffer of its own with its allocation's overhead, fragmenting this thread's
 * arena as summaries are replaced one by one.
 */
function ownPacked(kind: ParseRequest['kind'], outcome: ParseOutcome & { ok: true }, map: readonly number[], blocks: ByteBlocks | undefined): ParseOutcome {
  if (kind !== 'stats' && kind !== 'advancements') return outcome;
  if (kind === 'stats') {
    const value = outcome.value as PackedStats;
    return { ok: true, value: { ...value, data: remapStats(value.data, map, blocks) } };
  }
  const value = outcome.value as PackedAdvancements;
  return { ok: true, value: { ...value, data: remapAdvancements(value.data, map, blocks) } };
}

/**
 * Where the summaries of a call that does not keep its workers go (a read of a tenth of the
 * save or more: a first pull's 100,000 at 50,000 players), made together and mostly kept
 * together: shared blocks (see `ByteBlocks`). A pull's changed files (kept workers) get arrays
 * of their own, so the bytes a block keeps after their summary was replaced are at most those
 * of such bulk reads.
 */
const bulkBlocks = new ByteBlocks();

/** A started worker and the batch it is working on. */
interface Slot {
  worker: Worker;
  /** Its string number → ours. */
  map: number[];
  /** Whether it has sent its first message. */
  ready: boolean;
  /** Indices of the requests it holds, or null. */
  batch: number[] | null;
  /** Fires when the batch has taken longer than one file's time budget. */
  timer: ReturnType<typeof setTimeout> | null;
  /** Set once it has exited, been terminated or given up on. */
  gone: boolean;
}

/** Why a worker was given up on. */
type Loss = { cause: 'timeout' } | { cause: 'crash'; detail: string };

function lossReason(loss: Loss, budgetMs: number): string {
  return loss.cause === 'timeout'
    ? `parsing took longer than ${budgetMs / 1000} s (the time budget of one file); skipped`
    : `its parse worker failed (${loss.detail}); skipped`;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted', 'AbortError');
}

/**
 * Parses files on `threads` worker threads, as `parseRequest` would on this thread: the outcomes
 * are in request order, stats and advancements packed against `sharedStrings`, failures as
 * reasons, so warnings are the same either way. Work is handed out in batches as workers ask,
 * keeping this thread's event loop free (it only renumbers the packed data). The workers are
 * started for the call (or taken from `pool`) and terminated at its end (or, with `keep`, left
 * in `pool` for the next call).
 *
 * Every batch has the time budget of one file (`limits.fileParseMs`). A batch that overruns it,
 * or whose worker dies (out of memory, say), is retried file by file on fresh workers; a file
 * that overruns or kills its worker alone fails with that reason. Nothing is parsed on this
 * thread unless workers stop starting: resolves null when none comes up at all (no worker script
 * next to this module, say), so the caller parses inline. Aborting `signal` terminates the
 * workers and rejects.
 *
 * @example
 * const outcomes = await parseInWorkers([{ kind: 'stats', path: '/srv/mc/world/stats/<uuid>.json' }], { threads: 2 });
 * if (outcomes === null) {
 *   // no worker threads here: parseRequest each file instead
 * } else if (outcomes[0]?.ok) {
 *   unpackStats(outcomes[0].value as PackedStats); // { 'minecraft:custom': { … } }
 * }
 */
export function parseInWorkers(
  requests: readonly ParseRequest[],
  options: ParseInWorkersOptions,
): Promise<ParseOutcome[] | null> {
  const total = requests.length;
  if (total === 0) return Promise.resolve([]);
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const script = options.workerScript ?? locateWorkerScript();
  if (script === null) return Promise.resolve(null);
  const entry = workerEntry(script, 'blockstats-parse-worker');
  const limits = options.limits ?? DEFAULT_READ_LIMITS;
  const parseLimits: ParseLimits = { playerFileBytes: limits.playerFileBytes, playerDataInflatedBytes: limits.playerDataInflatedBytes, rootFileBytes: limits.rootFileBytes };
  // Kept workers are reused only for the same script and limits.
  const limitsKey = JSON.stringify([script.href, parseLimits]);
  const budgetMs = limits.fileParseMs;
  const wantedBatch = Math.max(1, Math.floor(options.batchSize ?? BATCH_SIZE));
  const threads = Math.max(1, Math.min(Math.floor(options.threads) || 1, Math.ceil(total / wantedBatch)));
  // Smaller jobs are cut into at least `BATCHES_PER_THREAD` batches a thread: a worker that
  // finishes early then takes the next instead of waiting on one still parsing a whole batch.
  const batchSize = Math.min(wantedBatch, Math.max(MIN_SPLIT_BATCH, Math.ceil(total / (threads * BATCHES_PER_THREAD))));

  return new Promise<ParseOutcome[] | null>((resolve, reject) => {
    const outcomes: ParseOutcome[] = new Array<ParseOutcome>(total);
    const slots: Slot[] = [];
    /** The next request no worker has been given. */
    let next = 0;
    /** Requests of failed batches, retried one per batch. */
    const singles: number[] = [];
    let done = 0;
    let spares = SPARE_WORKERS;
    let everReady = false;
    let settled = false;

    const onAbort = (): void => finish(null, abortError(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });

    function finish(result: ParseOutcome[] | null, error?: unknown): void {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      const keeping = options.keep === true && error === undefined ? options.pool : undefined;
      const stopping = slots.map((slot) => {
        const idle = !slot.gone && slot.batch === null;
        slot.gone = true;
        if (slot.timer) clearTimeout(slot.timer);
        if (idle && keeping !== undefined) {
          if (!slot.ready) return keepWhenReady(slot, keeping);
          if (keeping.keep({ worker: slot.worker, map: slot.map, limits: limitsKey })) return Promise.resolve();
        }
        return slot.worker.terminate().catch(() => undefined);
      });
      // Resolve once the workers are gone, so their heaps are released before the caller goes
      // on; but never wait on a worker that does not stop.
      const waited = new Promise<void>((r) => setTimeout(r, TERMINATE_WAIT_MS).unref());
      void Promise.race([Promise.all(stopping), waited]).then(() => (error === undefined ? resolve(result) : reject(error)));
    }

    /**
     * A worker still starting when the call ends goes to `pool` once it says it is ready (it is
     * terminated if it fails first, or is not up within a file's time budget). Not waited for.
     */
    function keepWhenReady(slot: Slot, pool: ParseWorkerPool): Promise<void> {
      const { worker } = slot;
      const detach = (): void => {
        for (const event of WORKER_EVENTS) worker.removeAllListeners(event);
      };
      detach();
      worker.unref();
      const giveUp = (): void => {
        clearTimeout(timer);
        detach();
        void worker.terminate().catch(() => undefined);
      };
      const timer = setTimeout(giveUp, budgetMs);
      timer.unref();
      worker.once('message', (message: WorkerReply) => {
        clearTimeout(timer);
        for (const s of message.strings) slot.map.push(sharedStrings.id(s));
        detach();
        if (message.outcomes !== null || !pool.keep({ worker, map: slot.map, limits: limitsKey })) giveUp();
      });
      worker.once('error', giveUp);
      worker.once('exit', giveUp);
      return Promise.resolve();
    }

    function completed(count: number): void {
      done += count;
      options.onProgress?.(done);
      if (done === total) finish(outcomes);
    }

    const work = (): boolean => singles.length > 0 || next < total;

    function handOut(slot: Slot): void {
      let batch: number[];
      if (singles.length > 0) batch = [singles.shift()!];
      else if (next < total) {
        const end = Math.min(total, next + batchSize);
        batch = [];
        for (let i = next; i < end; i++) batch.push(i);
        next = end;
      } else {
        slot.batch = null;
        return;
      }
      slot.batch = batch;
      slot.worker.postMessage(batch.map((i): ParseRequest => ({ kind: requests[i]!.kind, path: requests[i]!.path })));
      slot.timer = setTimeout(() => lose(slot, { cause: 'timeout' }), budgetMs);
      slot.timer.unref();
    }

    function receive(slot: Slot, message: WorkerReply): void {
      for (const s of message.strings) slot.map.push(sharedStrings.id(s));
      slot.ready = true;
      everReady = true;
      if (message.outcomes !== null) {
        const batch = slot.batch!;
        if (slot.timer) clearTimeout(slot.timer);
        slot.timer = null;
        if (message.outcomes.length !== batch.length) throw new Error('a parse worker answered for the wrong number of files');
        batch.forEach((i, k) => {
          const outcome = message.outcomes![k]!;
          outcomes[i] = outcome.ok ? ownPacked(requests[i]!.kind, outcome, slot.map, options.keep === true ? undefined : bulkBlocks) : outcome;
        });
        slot.batch = null;
        completed(batch.length);
        if (settled) return;
      }
      handOut(slot);
    }

    /** A worker overran its budget, exited or broke: its batch is retried file by file, or fails. */
    function lose(slot: Slot, loss: Loss): void {
      if (slot.gone || settled) return;
      slot.gone = true;
      if (slot.timer) clearTimeout(slot.timer);
      void slot.worker.terminate().catch(() => undefined);
      const batch = slot.batch;
      slot.batch = null;
      if (batch !== null && batch.length > 1) singles.push(...batch);
      else if (batch !== null) {
        outcomes[batch[0]!] = { ok: false, reason: lossReason(loss, budgetMs) };
        completed(1);
        if (settled) return;
      }
      refill();
    }

    /** Keeps `threads` workers while there is work; parses here only when workers stop starting. */
    function refill(): void {
      for (const slot of slots) if (!slot.gone && slot.ready && slot.batch === null && work()) handOut(slot);
      let alive = slots.filter((slot) => !slot.gone).length;
      // Replacements only once a worker has come up: a script that cannot start is not retried.
      while (alive < threads && work() && (slots.length < threads || (everReady && spares > 0))) {
        if (slots.length >= threads) spares--;
        if (start()) alive++;
      }
      if (alive > 0 || !work()) return;
      if (!everReady) {
        finish(null); // none came up: nothing was handed out, the caller parses everything
        return;
      }
      // Workers stopped starting. Files a failed worker held are not tried here (one of them may
      // be what killed it); the rest is parsed here.
      for (const i of singles.splice(0)) outcomes[i] = { ok: false, reason: lossReason({ cause: 'crash', detail: 'no parse worker could be started again' }, budgetMs) };
      void runInline(next, total);
      next = total;
    }

    async function runInline(from: number, to: number): Promise<void> {
      let count = 0;
      for (let i = from; i < to && !settled; i++) {
        outcomes[i] = parseRequest(requests[i]!, sharedStrings, parseLimits);
        if (++count % INLINE_SLICE === 0) await new Promise((r) => setImmediate(r));
      }
      if (!settled) completed(total - done);
    }

    function start(): boolean {
      // A kept worker is up and compiled already (its limits are those of the call that started it).
      const kept = options.pool?.take(limitsKey);
      let worker: Worker;
      try {
        worker = kept?.worker ?? new Worker(entry, { resourceLimits: RESOURCE_LIMITS, workerData: { limits: parseLimits } });
      } catch {
        return false; // this runtime refuses worker threads (or this script)
      }
      const slot: Slot = { worker, map: kept?.map ?? [], ready: kept !== undefined, batch: null, timer: null, gone: false };
      slots.push(slot);
      if (kept !== undefined) everReady = true;
      worker.on('message', (message: WorkerReply) => {
        if (slot.gone || settled) return;
        try {
          receive(slot, message);
        } catch (error) {
          finish(null, error);
        }
      });
      // An uncaught error in the worker (or failing to start) is followed by 'exit'; listening
      // keeps it from becoming an uncaught exception here.
      let failure = 'it exited';
      worker.on('error', (error) => {
        failure = (error as NodeJS.ErrnoException).code ?? error.message;
        lose(slot, { cause: 'crash', detail: failure });
      });
      worker.on('messageerror', () => lose(slot, { cause: 'crash', detail: 'an unreadable message' }));
      worker.on('exit', () => lose(slot, { cause: 'crash', detail: failure }));
      if (slot.ready) handOut(slot);
      return true;
    }

    refill();
  });
}
