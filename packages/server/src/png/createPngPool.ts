import { availableParallelism } from 'node:os';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../http/ApiError.js';
import type { PngRenderRequest } from '../router/PngRenderRequest.js';
import { createPngWorkers, type PngWorkers } from './createPngWorkers.js';
import { PngRenderError } from './PngRenderError.js';

/** Options of {@link createPngPool}; every one has a default ({@link pngPoolDefaults}). */
export interface PngPoolOptions {
  /** Worker threads (default the machine's cores less one, 1 to 4). */
  threads?: number;
  /** Renders waiting or running at most; one more is a 503 (default 16 a thread). */
  queue?: number;
  /** Renders one client may have waiting or running; one more is a 503 for it (default an eighth of `queue`, at least 1). */
  perClient?: number;
  /** Bound of the cache of rendered PNGs, in bytes (default 16 MiB; 0: no cache). */
  cacheBytes?: number;
  /** Time one render may take on its worker (default 5 s). */
  timeoutMs?: number;
  /** Told when a worker is given up on (a render timed out or its worker died). */
  onWorkerLost?: (reason: 'timeout' | 'crashed', detail: string) => void;
  /** Milliseconds, for the render time that Retry-After estimates from. Default `performance.now`. */
  clock?: () => number;
  /** @internal The worker script (tests). */
  script?: URL;
}

/** The reference server's PNG renderer: `render` is the router's `renderPng` capability. */
export interface PngPool {
  /** Renders (or finds) the PNG of `svg`; rejects with an {@link ApiError} 503 when busy. */
  render(svg: string, request?: PngRenderRequest): Promise<Uint8Array>;
  /** Renders waiting or running now. */
  readonly pending: number;
  /** Terminates the workers; renders not done answer 503. */
  close(): Promise<void>;
}

/** The defaults of {@link PngPoolOptions} on this machine. */
export function pngPoolDefaults(cores = availableParallelism()): Required<Pick<PngPoolOptions, 'threads' | 'queue' | 'perClient' | 'cacheBytes' | 'timeoutMs'>> {
  // One core stays with the thread that answers requests.
  const threads = Math.max(1, Math.min(4, cores - 1));
  const queue = 16 * threads;
  return { threads, queue, perClient: Math.max(1, Math.floor(queue / 8)), cacheBytes: 16 * 1024 * 1024, timeoutMs: 5_000 };
}

/** The render time assumed before any render is measured (a 1000 × 368 card: ~3-5 ms idle, more on a busy machine). */
const FIRST_ESTIMATE_MS = 50;

/**
 * The PNG renderer of `blockstats serve`: worker threads ({@link createPngWorkers}) behind a
 * bounded queue with a per-client share, a cache of rendered images and shared renders.
 * - A request whose `key` was rendered before is answered from the cache (bounded by bytes,
 *   least recently used first); one whose key is being rendered waits for that render.
 * - Otherwise, when `queue` renders are already waiting or running, or this client already has
 *   `perClient` of them, it is refused at once with a 503 `unavailable` and a Retry-After from
 *   the measured render time: a flood of uncached cards costs the server its render threads,
 *   never the thread that answers everything else, and one client cannot take the whole queue.
 * - A render past `timeoutMs` answers 503 and its worker is replaced; one whose worker dies
 *   rejects with a plain error (a 500, reported through `onError`).
 *
 * @example
 * const png = createPngPool();
 * const router = createRouter({ snapshot: () => snapshot, renderPng: png.render });
 * // at shutdown: await png.close();
 */
export function createPngPool(options: PngPoolOptions = {}): PngPool {
  const defaults = pngPoolDefaults();
  const threads = Math.max(1, Math.floor(options.threads ?? defaults.threads));
  const queue = Math.max(1, Math.floor(options.queue ?? 16 * threads));
  const perClient = Math.max(1, Math.floor(options.perClient ?? Math.max(1, Math.floor(queue / 8))));
  const cacheBytes = options.cacheBytes ?? defaults.cacheBytes;
  const clock = options.clock ?? (() => performance.now());
  let workers: PngWorkers | null = null;
  const cache = cacheBytes > 0 ? new LRUCache<string, Uint8Array>({ maxSize: cacheBytes, sizeCalculation: (png) => png.byteLength + 64 }) : null;
  const rendering = new Map<string, Promise<Uint8Array>>();
  const byClient = new Map<string, number>();
  let pending = 0;
  let averageMs = FIRST_ESTIMATE_MS;
  let closed = false;

  /** Seconds until the renders ahead are likely done: a whole second at least. */
  const retryAfter = (): string => String(Math.min(60, Math.max(1, Math.ceil((pending / threads) * averageMs / 1000))));
  const busy = (detail: string): ApiError => new ApiError('unavailable', detail, { headers: { 'retry-after': retryAfter() } });

  const run = async (svg: string, key: string, client: string): Promise<Uint8Array> => {
    workers ??= createPngWorkers({ threads, timeoutMs: options.timeoutMs ?? defaults.timeoutMs, ...(options.script ? { script: options.script } : {}), ...(options.onWorkerLost ? { onWorkerLost: options.onWorkerLost } : {}) });
    pending++;
    byClient.set(client, (byClient.get(client) ?? 0) + 1);
    const began = clock();
    try {
      const png = await workers.render(svg);
      averageMs += (clock() - began - averageMs) / 8;
      cache?.set(key, png);
      return png;
    } catch (error) {
      if (!(error instanceof PngRenderError)) throw error;
      if (error.reason === 'closed') throw new ApiError('unavailable', 'The server is shutting down.');
      if (error.reason === 'timeout') throw busy(`Rendering this card took too long; try again later. ${error.message}.`);
      throw error;
    } finally {
      pending--;
      const left = byClient.get(client)! - 1;
      if (left === 0) byClient.delete(client);
      else byClient.set(client, left);
      rendering.delete(key);
    }
  };

  return {
    render(svg, request) {
      if (closed) return Promise.reject(new ApiError('unavailable', 'The server is shutting down.'));
      // Without a key, the SVG itself names the image.
      const key = request?.key ?? svg;
      const client = request?.client ?? '';
      const cached = cache?.get(key);
      if (cached) return Promise.resolve(cached);
      const shared = rendering.get(key);
      if (shared) return shared;
      if (pending >= queue) return Promise.reject(busy(`The server is rendering ${pending} cards already; try again in a moment.`));
      if ((byClient.get(client) ?? 0) >= perClient) {
        return Promise.reject(busy(`This address already has ${perClient} cards being rendered; wait for them before asking for more.`));
      }
      const render = run(svg, key, client);
      rendering.set(key, render);
      return render;
    },
    get pending() {
      return pending;
    },
    async close() {
      closed = true;
      await workers?.close();
    },
  };
}
