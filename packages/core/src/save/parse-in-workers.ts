import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { remapAdvancements, remapStats, sharedStrings, type PackedAdvancements, type PackedStats } from './packed.js';
import type { PlayerDataSummary } from './parse-player-data-file.js';
import { parsePlayerFile, type PlayerFileKind } from './parse-player-file.js';
import { readErrorReason } from './read-text-file.js';

/** One player file to parse. */
export interface ParseRequest {
  kind: PlayerFileKind;
  /** Absolute path. */
  path: string;
}

/** A parsed file (stats and advancements packed against `sharedStrings`), or why it could not be. */
export type ParseOutcome =
  | { ok: true; value: PackedStats | PackedAdvancements | PlayerDataSummary }
  | { ok: false; reason: string };

/** Options of `parseInWorkers`. */
export interface ParseInWorkersOptions {
  /** Worker threads to start (at least 1; fewer when there are fewer batches). */
  threads: number;
  /** Called as batches complete: how many requests have their outcome. */
  onProgress?: (done: number) => void;
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
/** Requests parsed inline (after a worker crash) between two yields to the event loop. */
const INLINE_SLICE = 12;
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
  const here = new URL(import.meta.url);
  const extensions = here.pathname.endsWith('.ts') ? ['.ts', '.js'] : ['.js', '.ts'];
  for (const extension of extensions) {
    const candidate = new URL(`./parse-worker${extension}`, here);
    if (candidate.protocol === 'file:' && existsSync(fileURLToPath(candidate))) return candidate;
  }
  return null;
}

/**
 * What to start a Worker with to run `script`. A `.ts` script needs tsx inside the worker, and
 * a worker does not always get it from `--import tsx`: tsx registers its hooks in worker threads
 * only on Node ≥ 22.22.3 / 24.11.1, and on Node 20 a worker of a `.ts` file fails with
 * ERR_UNKNOWN_FILE_EXTENSION. So the worker starts from a two-line module that registers tsx
 * itself (in a namespace of its own, so it never doubles a tsx the worker already has) and
 * imports the script through it. Without a resolvable tsx the script is started as is (another
 * loader may handle it; if none does, the worker fails to start and the caller parses inline).
 */
function workerEntry(script: URL): URL {
  if (!script.pathname.endsWith('.ts')) return script;
  let tsx: string;
  try {
    tsx = import.meta.resolve('tsx/esm/api');
  } catch {
    return script;
  }
  const href = JSON.stringify(script.href);
  const source =
    `const { register } = await import(${JSON.stringify(tsx)});\n` +
    `await register({ namespace: 'blockstats-parse-worker' }).import(${href}, ${href});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

/** A started worker and the batch it is working on. */
interface Slot {
  worker: Worker;
  /** Its string number → ours. */
  map: number[];
  /** Whether it has sent its first message. */
  ready: boolean;
  /** The batch it holds, [start, end) of the requests, or null. */
  batch: [number, number] | null;
  /** Set once it has exited, been terminated or given up on. */
  gone: boolean;
}

/**
 * Parses player files on `threads` worker threads, as `parsePlayerFile` would on this thread:
 * the outcomes are in request order, stats and advancements packed against `sharedStrings`, and
 * a failure's reason is `readErrorReason` of the error the inline parse would throw, so warnings
 * are the same either way. Work is handed out in batches as workers ask, keeping this thread's
 * event loop free (it only renumbers the packed data). The workers are started for the call and
 * terminated at its end.
 *
 * Resolves null when worker threads cannot be started here (no worker script next to this
 * module, or no worker came up): the caller then parses inline. A worker that dies mid-batch
 * loses nothing: its batch is parsed on this thread, and the other workers carry on.
 *
 * @example
 * const outcomes = await parseInWorkers([{ kind: 'stats', path: '/srv/mc/world/stats/<uuid>.json' }], { threads: 2 });
 * if (outcomes === null) {
 *   // no worker threads here: parsePlayerFile each file instead
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
  const script = options.workerScript ?? locateWorkerScript();
  if (script === null) return Promise.resolve(null);
  const entry = workerEntry(script);
  const threads = Math.max(1, Math.min(Math.floor(options.threads) || 1, Math.ceil(total / BATCH_SIZE)));
  // Small jobs are split evenly between the threads instead of all going to the first one up.
  const batchSize = Math.min(BATCH_SIZE, Math.ceil(total / threads));

  return new Promise<ParseOutcome[] | null>((resolve, reject) => {
    const outcomes: ParseOutcome[] = new Array<ParseOutcome>(total);
    const slots: Slot[] = [];
    /** The next request no worker has been given. */
    let next = 0;
    let done = 0;
    /** Batches to parse on this thread, [start, end). */
    const inline: Array<[number, number]> = [];
    let inlineRunning = false;
    let settled = false;

    const finish = (result: ParseOutcome[] | null, error?: unknown): void => {
      if (settled) return;
      settled = true;
      const stopping = slots.map((slot) => {
        slot.gone = true;
        return slot.worker.terminate().catch(() => undefined);
      });
      // Resolve once the workers are gone, so their heaps are released before the caller goes on.
      void Promise.all(stopping).then(() => (error === undefined ? resolve(result) : reject(error)));
    };

    const completed = (count: number): void => {
      done += count;
      options.onProgress?.(done);
      if (done === total) finish(outcomes);
    };

    const runInline = async (): Promise<void> => {
      if (inlineRunning) return;
      inlineRunning = true;
      try {
        for (let range = inline.shift(); range !== undefined && !settled; range = inline.shift()) {
          for (let i = range[0]; i < range[1]; i++) {
            const request = requests[i]!;
            try {
              outcomes[i] = { ok: true, value: parsePlayerFile(request.kind, request.path) };
            } catch (error) {
              outcomes[i] = { ok: false, reason: readErrorReason(error) };
            }
            // Keep the event loop serving (a server answering requests while it pulls).
            if ((i - range[0]) % INLINE_SLICE === INLINE_SLICE - 1) await new Promise((r) => setImmediate(r));
          }
          completed(range[1] - range[0]);
        }
      } catch (error) {
        finish(null, error);
      } finally {
        inlineRunning = false;
      }
    };

    /** Parses what is left on this thread once no worker is left to do it. */
    const takeOverIfAlone = (): void => {
      if (slots.some((slot) => !slot.gone)) return;
      if (!slots.some((slot) => slot.ready)) {
        // None came up: nothing was handed out, so the caller can parse everything inline.
        finish(null);
        return;
      }
      if (next < total) inline.push([next, total]);
      next = total;
      void runInline();
    };

    const handOut = (slot: Slot): void => {
      if (next >= total) {
        slot.batch = null;
        return;
      }
      const end = Math.min(total, next + batchSize);
      slot.batch = [next, end];
      slot.worker.postMessage(requests.slice(next, end).map(({ kind, path }): ParseRequest => ({ kind, path })));
      next = end;
    };

    const receive = (slot: Slot, message: WorkerReply): void => {
      for (const s of message.strings) slot.map.push(sharedStrings.id(s));
      if (message.outcomes !== null) {
        const [start, end] = slot.batch!;
        if (message.outcomes.length !== end - start) throw new Error('a parse worker answered for the wrong number of files');
        for (let i = start; i < end; i++) {
          const outcome = message.outcomes[i - start]!;
          if (outcome.ok) {
            const kind = requests[i]!.kind;
            if (kind === 'stats') remapStats((outcome.value as PackedStats).data, slot.map);
            else if (kind === 'advancements') remapAdvancements((outcome.value as PackedAdvancements).data, slot.map);
          }
          outcomes[i] = outcome;
        }
        slot.batch = null;
      }
      slot.ready = true;
      handOut(slot);
      if (message.outcomes !== null) completed(message.outcomes.length);
    };

    /** A worker exited or broke without being asked to: its batch is parsed here. */
    const lose = (slot: Slot): void => {
      if (slot.gone || settled) return;
      slot.gone = true;
      void slot.worker.terminate().catch(() => undefined);
      if (slot.batch !== null) {
        inline.push(slot.batch);
        slot.batch = null;
        void runInline();
      }
      takeOverIfAlone();
    };

    for (let t = 0; t < threads; t++) {
      let worker: Worker;
      try {
        worker = new Worker(entry, { resourceLimits: RESOURCE_LIMITS });
      } catch {
        continue; // this runtime refuses worker threads (or this script): parse inline
      }
      const slot: Slot = { worker, map: [], ready: false, batch: null, gone: false };
      slots.push(slot);
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
      worker.on('error', () => lose(slot));
      worker.on('messageerror', () => lose(slot));
      worker.on('exit', () => lose(slot));
    }
    takeOverIfAlone();
  });
}
