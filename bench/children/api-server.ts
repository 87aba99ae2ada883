import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { buildSnapshot } from '@blockstats/core';
import { createParseCache, readSave } from '@blockstats/core/node';
import { createRouter } from '@blockstats/server';
import { serve } from '@blockstats/server/node';
import { BENCH_NOW } from '../generate/player-files.js';
import { reportReady } from '../lib/child.js';

// The two servers the API benchmark compares, on loopback, one per process:
//   router <server dir>   the /v1 router (rate limit off) through the Node adapter, serving a
//                         snapshot of the save built at start-up; the packages' builds or their
//                         sources, as the bench's --runtime says (see lib/child.ts);
//   bare <responses.json> a bare node:http server answering the same recorded bytes (status,
//                         headers, body) for the same URLs, and the same 304 for a matching
//                         If-None-Match.

/** A recorded response the bare server replays. */
export interface RecordedResponse {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The 304 answer to `If-None-Match: <etag>`, when the route has an ETag. */
  notModified: { etag: string; headers: Record<string, string> } | null;
}

/** What the router child reports when it listens. */
export interface RouterReady {
  url: string;
  /** A ranked player in the middle of the play-time board (profile and badge target). */
  player: string;
  players: number;
}

// Exit normally on a signal, so `--cpu-prof` writes its profile.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0));

const [mode, arg] = process.argv.slice(2);
if (mode === 'router' && arg) {
  const save = await readSave(arg, { cache: createParseCache() });
  const snapshot = buildSnapshot(save, { now: BENCH_NOW });
  // The website on, as `blockstats serve` runs it (its pages are measured too); no external images.
  const router = createRouter({ snapshot: () => snapshot, rateLimit: false, clock: () => BENCH_NOW + 60_000, site: { externalImages: false } });
  const { url } = await serve(router, { host: '127.0.0.1', port: 0 });
  const ranked = snapshot.players.filter((p) => p.ranked && p.name !== null).sort((a, b) => b.play_time - a.play_time);
  const player = ranked[Math.floor(ranked.length / 2)]?.name ?? snapshot.players[0]?.name ?? 'nobody';
  reportReady({ url, player, players: snapshot.players.length } satisfies RouterReady);
} else if (mode === 'bare' && arg) {
  const recorded = JSON.parse(readFileSync(arg, 'utf8')) as RecordedResponse[];
  const byPath = new Map(recorded.map((r) => [r.path, { ...r, bodyBytes: Buffer.from(r.body) }]));
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
  server.keepAliveTimeout = 5_000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    reportReady({ url: `http://127.0.0.1:${port}` });
  });
} else {
  throw new Error('usage: api-server.ts router <server dir> | bare <responses.json>');
}
