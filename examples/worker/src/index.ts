// A Cloudflare Worker serving the /v1 API (and, with SITE = "true", the website) from a snapshot
// in Workers KV. Workers have no file system: `blockstats snapshot` builds the snapshot where the
// save is and `wrangler kv` uploads it (README.md beside this file). Two forms: a split snapshot
// (`blockstats snapshot --split`: shards under a generation, the key `split` naming it), read a
// shard at a time so a 50,000-player server fits an isolate's 128 MB; or one value `snapshot`
// (gzip or plain JSON), parsed whole. Runs without `nodejs_compat`: @blockstats/server imports
// no Node built-in, and gzip is undone by the platform's DecompressionStream.
import type { Snapshot } from '@blockstats/core';
import { cloudflareClientAddress, createRouter, type BlockstatsRouter, type RouterOptions } from '@blockstats/server';
import { readSnapshot } from './readSnapshot.js';
import { ReplayRandom } from './ReplayRandom.js';
import { RetryRateLimitStore } from './RetryRateLimitStore.js';
import { ShardCache, ShardUnavailable } from './ShardCache.js';
import { serveSplit } from './serveSplit.js';
import type { SnapshotStore } from './SnapshotStore.js';
import { SplitView } from './splitView.js';
import { readSplitView } from './readSplitView.js';

export type { SnapshotStore } from './SnapshotStore.js';

/** Bindings (wrangler.toml). */
export interface Env {
  /** KV namespace holding the split snapshot (`split` and its shards) or the whole one (`snapshot`). */
  BLOCKSTATS: SnapshotStore;
  /** `"true"` to serve the website beside the API. */
  SITE?: string;
  /** Public base URL for absolute links, when it is not the request's own origin. */
  BASE_URL?: string;
  /** The path the worker serves the API under (a route such as `example.net/stats/*`). */
  BASE_PATH?: string;
  /**
   * `"true"` when the worker runs on Cloudflare: CF-Connecting-IP is then the client's address
   * (Cloudflare sets it). Anywhere else anyone can send that header, so it is not believed.
   */
  BEHIND_CLOUDFLARE?: string;
  /** Megabytes of decompressed shards an isolate keeps (default 24). */
  SHARD_CACHE_MB?: string;
}

/** Re-read KV's pointer (or whole snapshot) at most this often per isolate. */
const RELOAD_MS = 60_000;
/** The router's memo of rendered answers: small, beside the shards, in a 128 MB isolate. */
const RESPONSE_CACHE_BYTES = 8 * 1024 * 1024;

let snapshot: Snapshot | null = null;
let view: SplitView | null = null;
let cache: ShardCache | null = null;
let loadedAt = -Infinity;
let router: BlockstatsRouter | null = null;
let limits: RetryRateLimitStore | null = null;
let random: ReplayRandom | null = null;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    cache ??= new ShardCache(env.BLOCKSTATS, shardCacheBytes(env.SHARD_CACHE_MB));
    if (Date.now() - loadedAt > RELOAD_MS) {
      loadedAt = Date.now();
      try {
        await reload(env.BLOCKSTATS, cache);
      } catch (error) {
        // A generation whose meta is gone, and nothing read before: the data endpoints say 503.
        if (!(error instanceof ShardUnavailable)) throw error;
      }
    }
    limits ??= new RetryRateLimitStore();
    random ??= new ReplayRandom();
    // The default rate-limit store counts per isolate; a deployment that needs one global
    // limit passes a `rateLimit.store` backed by a Durable Object.
    router ??= createRouter(routerOptions(env, () => view?.snapshot ?? snapshot, limits, random));
    return view !== null ? serveSplit({ router, view, cache, limits, random }, request) : router.fetch(request);
  },
};

/** `SHARD_CACHE_MB` in bytes (default 24 MiB); anything but a positive number is a configuration error naming it. */
export function shardCacheBytes(setting: string | undefined): number {
  const megabytes = setting === undefined || setting.trim() === '' ? 24 : Number(setting);
  if (!Number.isFinite(megabytes) || megabytes <= 0) throw new Error(`SHARD_CACHE_MB must be a positive number of megabytes, got ${JSON.stringify(setting)}`);
  return megabytes * 1024 * 1024;
}

/** Reads KV again: the split snapshot its pointer names, else the whole one under `snapshot`. */
async function reload(store: SnapshotStore, shards: ShardCache): Promise<void> {
  const split = await readSplitView(store, shards, view);
  if (split !== null) {
    view = split;
    snapshot = null;
    return;
  }
  const whole = await readSnapshot(store);
  if (whole !== null) {
    snapshot = whole;
    view = null;
  }
}

/** The router's options from the bindings. */
export function routerOptions(env: Env, current: () => Snapshot | null, store: RetryRateLimitStore, random: ReplayRandom): RouterOptions {
  return {
    snapshot: current,
    random: random.next,
    rateLimit: { store },
    responseCacheBytes: RESPONSE_CACHE_BYTES,
    onError: (error, request) => {
      if (!(error instanceof Error && error.name === 'ShardMissing')) console.error(request.url, error);
    },
    ...(env.BASE_URL ? { baseUrl: env.BASE_URL } : {}),
    ...(env.BASE_PATH ? { basePath: env.BASE_PATH } : {}),
    ...(env.BEHIND_CLOUDFLARE === 'true' ? { getClientAddress: cloudflareClientAddress } : {}),
    ...(env.SITE === 'true' ? { site: true } : {}),
  };
}

/** Forgets the cached router and snapshot (tests start each case fresh). */
export function resetWorker(): void {
  snapshot = null;
  view = null;
  cache = null;
  loadedAt = -Infinity;
  router = null;
  limits = null;
  random = null;
}

/** The isolate's shard cache and split view (the bench reads their sizes). */
export function workerState(): { cache: ShardCache | null; view: SplitView | null } {
  return { cache, view };
}
