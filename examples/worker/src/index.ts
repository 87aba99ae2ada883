// A Cloudflare Worker serving the /v1 API (and, with SITE = "true", the website) from a snapshot
// in Workers KV. Workers have no file system: `blockstats snapshot` builds the snapshot where the
// save is, gzip-compressed when its name ends in .gz, and `wrangler kv key put` uploads it
// (README.md beside this file). Runs without `nodejs_compat`: @blockstats/server imports no Node
// built-in, and gzip is undone by the platform's DecompressionStream.
import type { Snapshot } from '@blockstats/core';
import { cloudflareClientAddress, createRouter, type BlockstatsRouter } from '@blockstats/server';

/** The slice of the Workers KV API this worker uses. */
export interface SnapshotStore {
  get(key: string, type: 'arrayBuffer'): Promise<ArrayBuffer | null>;
}

/** Bindings (wrangler.toml). */
export interface Env {
  /** KV namespace holding the snapshot (JSON, or gzip-compressed JSON) under the key `snapshot`. */
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
}

/** Re-read the snapshot from KV at most this often per isolate. */
const RELOAD_MS = 60_000;

let snapshot: Snapshot | null = null;
let loadedAt = -Infinity;
let router: BlockstatsRouter | null = null;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (Date.now() - loadedAt > RELOAD_MS) {
      snapshot = (await readSnapshot(env.BLOCKSTATS)) ?? snapshot;
      loadedAt = Date.now();
    }
    // The default rate-limit store counts per isolate; a deployment that needs one global
    // limit passes a `rateLimit.store` backed by a Durable Object.
    router ??= createRouter({
      snapshot: () => snapshot,
      ...(env.BASE_URL ? { baseUrl: env.BASE_URL } : {}),
      ...(env.BASE_PATH ? { basePath: env.BASE_PATH } : {}),
      ...(env.BEHIND_CLOUDFLARE === 'true' ? { getClientAddress: cloudflareClientAddress } : {}),
      ...(env.SITE === 'true' ? { site: true } : {}),
    });
    return router.fetch(request);
  },
};

/** The snapshot stored under `snapshot`: gzip-compressed (it starts 1f 8b) or plain JSON. */
async function readSnapshot(store: SnapshotStore): Promise<Snapshot | null> {
  const bytes = await store.get('snapshot', 'arrayBuffer');
  if (bytes === null) return null;
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  const body = head[0] === 0x1f && head[1] === 0x8b ? new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')) : bytes;
  return (await new Response(body).json()) as Snapshot;
}

/** Forgets the cached router and snapshot (tests start each case fresh). */
export function resetWorker(): void {
  snapshot = null;
  loadedAt = -Infinity;
  router = null;
}
