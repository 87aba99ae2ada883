import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { reportReady } from '../lib/child.js';

// The baseline of the API benchmark: a bare node:http server answering the bytes `blockstats
// serve` answered (status, headers with the Content-Length, body, recorded first) for the same
// URLs, and the same 304 for a matching If-None-Match. Nothing else: no routing, no rate limit,
// no log.
// Usage: api-server.ts bare <responses.json>

/** A recorded response the bare server replays. */
export interface RecordedResponse {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The 304 answer to `If-None-Match: <etag>`, when the route has an ETag. */
  notModified: { etag: string; headers: Record<string, string> } | null;
}

// Exit normally on a signal, so `--cpu-prof` writes its profile.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0));

const [mode, arg] = process.argv.slice(2);
if (mode === 'bare' && arg) {
  const recorded = JSON.parse(readFileSync(arg, 'utf8')) as RecordedResponse[];
  // With its Content-Length, as `blockstats serve` sends it: without one Node would send the body
  // chunked (other bytes, and more work for the bare server than for the one it is compared with).
  const byPath = new Map(recorded.map((r) => {
    const bodyBytes = Buffer.from(r.body);
    return [r.path, { ...r, bodyBytes, headers: { ...r.headers, 'content-length': String(bodyBytes.byteLength) } }];
  }));
  const server = createServer((req, res) => {
    const entry = byPath.get(req.url ?? '');
    if (!entry) {
      res.writeHead(404).end();
      return;
    }
    if (entry.notModified && req.headers['if-none-match'] === entry.notModified.etag) {
      res.writeHead(304, entry.notModified.headers as OutgoingHttpHeaders).end();
      return;
    }
    res.writeHead(entry.status, entry.headers as OutgoingHttpHeaders).end(entry.bodyBytes);
  });
  // As the reference server's listener.
  server.keepAliveTimeout = 5_000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    reportReady({ url: `http://127.0.0.1:${port}` });
  });
} else {
  throw new Error('usage: api-server.ts bare <responses.json>');
}
