// A SvelteKit endpoint serving the blockstats API at /stats/v1/…: the file sits at
// src/routes/stats/[...path]/+server.ts and the router is told the same base path. SvelteKit's
// getClientAddress() is the client's address (the adapter's, e.g. adapter-node's ADDRESS_HEADER
// behind a proxy). The snapshot is the file `blockstats snapshot --out` writes.
import { readFile } from 'node:fs/promises';
import type { RequestEvent } from '@sveltejs/kit';
import type { Snapshot } from '@blockstats/core';
import { createRouter, type ConnInfo } from '@blockstats/server';

let snapshot: Promise<Snapshot> | null = null;
let loadedAt = -Infinity;

const router = createRouter({
  basePath: '/stats',
  snapshot: () => {
    if (!snapshot || Date.now() - loadedAt > 60_000) {
      loadedAt = Date.now();
      snapshot = readFile(process.env.BLOCKSTATS_SNAPSHOT ?? 'snapshot.json', 'utf8').then((text) => JSON.parse(text) as Snapshot);
    }
    return snapshot;
  },
});

const handle = ({ request, getClientAddress }: RequestEvent) => router.fetch(request, { remoteAddress: getClientAddress() } satisfies ConnInfo);
// GET also answers HEAD; `fallback` every other method (the router answers 405 or a preflight).
export { handle as GET, handle as fallback };
