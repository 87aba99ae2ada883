// A Cloudflare-Workers-style module (`export default { fetch }`) serving the /v1 API. Workers have
// no file system, so the snapshot comes from a KV namespace that an offline job fills with the
// JSON of `buildSnapshot` (e.g. the reference server's persisted snapshot file, uploaded).
//
// wrangler.toml: kv_namespaces = [{ binding = "BLOCKSTATS", id = "…" }], vars BASE_URL (optional).
// The same module runs under Deno (`Deno.serve(worker.fetch)`) or Bun (`export default worker`).
import type { Snapshot } from '@blockstats/core';
import { createRouter, type BlockstatsRouter } from '@blockstats/server';

/** The slice of the Workers KV API this example uses. */
export interface SnapshotStore {
  get(key: string, type: 'json'): Promise<unknown>;
}

/** Bindings. */
export interface Env {
  BLOCKSTATS: SnapshotStore;
  BASE_URL?: string;
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
    router ??= createRouter({
      snapshot: () => snapshot,
      ...(env.BASE_URL ? { baseUrl: env.BASE_URL } : {}),
      // The platform sets CF-Connecting-IP; the default store counts per isolate, so a
      // deployment that needs one global limit passes a store backed by a Durable Object.
      getClientAddress: (req) => req.headers.get('cf-connecting-ip'),
    });
    return router.fetch(request, env);
  },
};

/** Forgets the cached router and snapshot (tests start each case fresh). */
export function resetWorker(): void {
  snapshot = null;
  loadedAt = -Infinity;
  router = null;
}
