import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { buildSnapshot, type Snapshot } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { generateDemoServer } from './demo/generate.js';
import { startExample } from './node-http-server.js';
import worker, { resetWorker } from './worker/src/index.js';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'blockstats-examples-'));
  generateDemoServer({ out: dir, players: 20, seed: 'hearthvale', now: Date.UTC(2026, 10, 16, 12) });
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('examples/node-http-server.ts', () => {
  it('serves /v1 through the router and keeps the host server\'s own pages', async () => {
    const { server, url } = await startExample(dir, 0);
    try {
      const stats = await fetch(`${url}/v1/stats/play_time?limit=3`);
      assert.equal(stats.status, 200);
      assert.equal(stats.headers.get('access-control-allow-origin'), '*');
      assert.ok(stats.headers.get('ratelimit-limit'));
      const body = await stats.json();
      assert.equal(body.data.length, 3);
      assert.equal(body.data[0].rank, 1);
      assert.match(body.meta.pagination.next, new RegExp(`^${url}/v1/stats/play_time\\?limit=3&offset=3$`));
      const head = await fetch(`${url}/v1/players`, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(await head.text(), '');
      assert.equal((await fetch(`${url}/v1/players`, { method: 'POST' })).status, 405);
      const home = await fetch(`${url}/`);
      assert.match(await home.text(), /My server/);
    } finally {
      server.close();
    }
  });
});

describe('examples/worker/src/index.ts', () => {
  let snapshot: Snapshot;
  let json: Uint8Array;
  /** A KV binding holding `bytes` under `snapshot`, as `get(key, 'arrayBuffer')` returns them. */
  const store = (bytes: Uint8Array) => ({ get: async (key: string) => (key === 'snapshot' ? bytes.slice().buffer : null) });
  before(async () => {
    snapshot = JSON.parse(JSON.stringify(buildSnapshot(await readSave(dir), { now: Date.UTC(2026, 10, 16, 12) })));
    json = new TextEncoder().encode(JSON.stringify(snapshot));
  });

  it('serves the snapshot from the KV binding, attributing clients by CF-Connecting-IP', async () => {
    resetWorker();
    const env = { BLOCKSTATS: store(json), BASE_URL: 'https://stats.example.org', BEHIND_CLOUDFLARE: 'true' };
    const res = await worker.fetch(new Request('https://worker.example/v1/players?limit=2', { headers: { 'cf-connecting-ip': '198.51.100.9' } }), env);
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.data.length, 2);
    assert.match(body.meta.pagination.next, /^https:\/\/stats\.example\.org\/v1\/players\?limit=2&offset=2$/);
    assert.equal(res.headers.get('ratelimit-remaining'), '239');
    const other = await worker.fetch(new Request('https://worker.example/v1', { headers: { 'cf-connecting-ip': '198.51.100.10' } }), env);
    assert.equal(other.headers.get('ratelimit-remaining'), '239', 'a separate bucket per client address');
  });

  it('reads a gzip-compressed snapshot and serves the website with SITE = "true"', async () => {
    resetWorker();
    const env = { BLOCKSTATS: store(gzipSync(json)), SITE: 'true' };
    const res = await worker.fetch(new Request('https://worker.example/v1/players?limit=1'), env);
    assert.equal((await res.json()).meta.pagination.total, snapshot.players.length);
    const page = await worker.fetch(new Request(`https://worker.example/players/${snapshot.players[0]!.uuid}`), env);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assert.ok((await page.text()).includes(snapshot.players[0]!.name ?? snapshot.players[0]!.uuid));
  });

  it('answers 503 until the snapshot is uploaded', async () => {
    resetWorker();
    const env = { BLOCKSTATS: { get: async () => null } };
    const res = await worker.fetch(new Request('https://worker.example/v1/stats'), env);
    assert.equal(res.status, 503);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
  });
});
