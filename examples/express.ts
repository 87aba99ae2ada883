// The blockstats API inside an Express app, at the root or under a path of your choosing.
//
//   node --conditions=source --import tsx examples/express.ts [SERVER_DIR] [PORT] [MOUNT_PATH]
//
// Express strips the mount path from `req.url`; the router wants the whole path (it writes
// absolute links and knows its `basePath`), so the adapter hands it `req.originalUrl`. The Node
// adapter passes the socket's address, so every client gets its own rate-limit bucket.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';
import { buildSnapshot } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { createRouter, type BlockstatsRouter } from '@blockstats/server';
import { toNodeListener } from '@blockstats/server/node';

/** Mounts `router` on `app` at `mountPath` ('' for the root); create the router with the same `basePath`. */
export function mountBlockstats(app: Express, router: BlockstatsRouter, mountPath = ''): void {
  const listener = toNodeListener(router.fetch);
  const handler = (req: IncomingMessage & { originalUrl: string }, res: ServerResponse) => {
    req.url = req.originalUrl;
    listener(req, res);
  };
  if (mountPath === '') app.use(handler);
  else app.use(mountPath, handler);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('demo-server', import.meta.url));
  const port = Number(process.argv[3] ?? 8080);
  const mountPath = process.argv[4] ?? '/stats';
  const snapshot = buildSnapshot(await readSave(dir), { now: Date.now() });
  const app = express().disable('x-powered-by');
  app.get('/', (_req, res) => void res.send(`<p>My site. Statistics: <a href="${mountPath}/v1">${mountPath}/v1</a></p>`));
  mountBlockstats(app, createRouter({ snapshot: () => snapshot, basePath: mountPath }), mountPath);
  const server = app.listen(port, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${port}${mountPath}/v1`));
  process.once('SIGTERM', () => server.close());
}
