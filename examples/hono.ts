// The blockstats API inside a Hono app, as a sub-app mounted with `app.route(path, …)`.
//
//   node --conditions=source --import tsx examples/hono.ts [SERVER_DIR] [PORT] [MOUNT_PATH]
//
// Hono hands over the original Request (whole path included), so the router only needs the same
// `basePath`. Hono gives no socket, so the client's address comes from its `getConnInfo` for the
// runtime in use (here @hono/node-server's): without it, every client would share one bucket.
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { buildSnapshot } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { createRouter, type BlockstatsRouter, type ConnInfo } from '@blockstats/server';

/** A Hono sub-app serving `router`: mount it with `app.route(mountPath, …)` (or use it as the app). */
export function blockstatsApp(router: BlockstatsRouter): Hono {
  const api = new Hono();
  api.all('*', (c) => router.fetch(c.req.raw, { remoteAddress: getConnInfo(c).remote.address } satisfies ConnInfo));
  return api;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('demo-server', import.meta.url));
  const port = Number(process.argv[3] ?? 8080);
  const mountPath = process.argv[4] ?? '/stats';
  const snapshot = buildSnapshot(await readSave(dir), { now: Date.now() });
  const app = new Hono();
  app.get('/', (c) => c.html(`<p>My site. Statistics: <a href="${mountPath}/v1">${mountPath}/v1</a></p>`));
  app.route(mountPath, blockstatsApp(createRouter({ snapshot: () => snapshot, basePath: mountPath })));
  serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => console.log(`listening on http://127.0.0.1:${info.port}${mountPath}/v1`));
}
