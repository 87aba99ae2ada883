// A Next.js (App Router) route handler serving the blockstats API at /stats/v1/…: the file sits
// at app/stats/[...path]/route.ts and the router is told the same base path. The snapshot is the
// file `blockstats snapshot --out` writes (BLOCKSTATS_SNAPSHOT, default ./snapshot.json),
// re-read when it changes age by more than a minute.
import { readFile } from 'node:fs/promises';
import type { Snapshot } from '@blockstats/core';
import { createRouter } from '@blockstats/server';

export const dynamic = 'force-dynamic';

let snapshot: Promise<Snapshot> | null = null;
let loadedAt = -Infinity;

const router = createRouter({
  basePath: '/stats',
  // Set baseUrl to the public URL the API is reached at (BLOCKSTATS_BASE_URL, e.g.
  // https://example.net): behind a proxy, `next start` sees its own host and port in
  // `request.url`, and the API's absolute links (pagination, profiles, the OpenAPI servers)
  // would point there. The mount path is added to it.
  ...(process.env.BLOCKSTATS_BASE_URL ? { baseUrl: process.env.BLOCKSTATS_BASE_URL } : {}),
  snapshot: () => {
    if (!snapshot || Date.now() - loadedAt > 60_000) {
      loadedAt = Date.now();
      snapshot = readFile(process.env.BLOCKSTATS_SNAPSHOT ?? 'snapshot.json', 'utf8').then((text) => JSON.parse(text) as Snapshot);
    }
    return snapshot;
  },
  // Route handlers get no socket. Vercel sets x-real-ip to the client's address; self-hosted,
  // set it in the proxy in front of `next start` (anyone can send it otherwise), or rate-limit
  // there and pass `rateLimit: false`.
  getClientAddress: (request) => request.headers.get('x-real-ip'),
});

const handle = (request: Request) => router.fetch(request);
export { handle as GET, handle as HEAD, handle as OPTIONS, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
