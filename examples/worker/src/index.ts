// A Cloudflare Worker serving the /v1 API from a snapshot in Workers KV. Workers have no file
// system: `blockstats snapshot` builds the snapshot where the save is, and `wrangler kv key put`
// uploads it (README.md beside this file). Runs without `nodejs_compat`: @blockstats/server
// imports no Node built-in.
import type { Snapshot } from '@blockstats/core';
import { cloudflareClientAddress, createRouter, type BlockstatsRouter } from '@blockstats/server';

/** The slice of the Workers KV API this worker uses. */
export interface SnapshotStore {
  get(key: string, type: 'json'): Promise<unknown>;
}

/** Bindings (wrangler.toml). */
export interface Env {
  /** KV namespace holding the snapshot under the key `snapshot`. */
  BLOCKSTATS: SnapshotStore;
  /** Public base URL for absolute links, when it is not the request's own origin. */
  BASE_URL?: string;
  /** The path the worker serves the API under (a route such as `example.net/stats/*`). */
  BASE_PATH?: string;
  /**
   * `"true"` when the worker runs on Cloudflare: CF-Connecting-IP is then the client's address
   * (Cloudflare sets it). Anywhere else anyone can send that header, so it is not believed.
   */
  BEHIND_CLOUDFLARE?: string;
}

/** Re-read the snapshot from KV at most this often per isolate. */
const RELOAD_MS = 60_000;

let snapshot: Snapshot | null = null;
let loadedAt = -Infinity;
let router: BlockstatsRouter | null = null;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (Date.now() - loadedAt > RELOAD_MS) {
      snapshot = ((await env.BLOCKSTATS.get('snapshot', 'json')) as Snapshot | null) ?? snapshot;
      loadedAt = Date.now();
    }
    // The default rate-limit store counts per isolate; a deployment that needs one global
    // limit passes a `rateLimit.store` backed by a Durable Object.
    router ??= createRouter({
      snapshot: () => snapshot,
      ...(env.BASE_URL ? { baseUrl: env.BASE_URL } : {}),
      ...(env.BASE_PATH ? { basePath: env.BASE_PATH } : {}),
      ...(env.BEHIND_CLOUDFLARE === 'true' ? { getClientAddress: cloudflareClientAddress } : {}),
    });
    return router.fetch(request);
  },
};

/** Forgets the cached router and snapshot (tests start each case fresh). */
export function resetWorker(): void {
  snapshot = null;
  loadedAt = -Infinity;
  router = null;
}
