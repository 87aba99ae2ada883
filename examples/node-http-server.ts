// Mounts the blockstats /v1 router inside a plain node:http server that also serves its own
// pages: everything under /v1 (and /openapi.json) goes to the router, the rest stays yours.
//
//   node --conditions=source --import tsx examples/node-http-server.ts [SERVER_DIR] [PORT]
//
// SERVER_DIR defaults to the generated demo server (npm run demo:generate). The snapshot is
// rebuilt from the world save every 15 minutes; the router always reads the latest one.
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { buildSnapshot, type Snapshot } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { createRouter } from '@blockstats/server';
import { hardenServer, toNodeListener } from '@blockstats/server/node';

/** Starts the example server; resolves once it listens. */
export async function startExample(serverDir: string, port = 8080, host = '127.0.0.1'): Promise<{ server: Server; url: string; refresh: () => Promise<void> }> {
  let snapshot: Snapshot | null = null;
  const refresh = async () => {
    snapshot = buildSnapshot(await readSave(serverDir), { now: Date.now() });
  };
  await refresh();

  // The router: every capability but the snapshot keeps its default. Its fast lane answers
  // remembered URLs without Fetch objects; `refuse` answers what cannot be a Request (no Host,
  // TRACE, an over-long URL) as a problem with the usual headers.
  const router = createRouter({ snapshot: () => snapshot });
  const api = toNodeListener(router.fetch, { answerCached: router.answerCached, refuse: router.refuse });

  // hardenServer: connection caps, header size and timeouts for the whole server (NodeLimits).
  const server = hardenServer(createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/v1' || path.startsWith('/v1/') || path === '/openapi.json') return api(req, res);
    // Your own routes.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<h1>My server</h1><p>Statistics: <a href="/v1">/v1</a></p>');
  }));
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return { server, url: `http://${host}:${actualPort}`, refresh };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('demo-server', import.meta.url));
  const port = Number(process.argv[3] ?? 8080);
  const { url, refresh } = await startExample(dir, port);
  setInterval(() => void refresh().catch((error) => console.error('refresh failed:', error)), 15 * 60_000).unref();
  console.log(`listening on ${url} — try ${url}/v1/players`);
}
