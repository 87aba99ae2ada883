import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  before(async () => {
    snapshot = JSON.parse(JSON.stringify(buildSnapshot(await readSave(dir), { now: Date.UTC(2026, 10, 16, 12) })));
  });

  it('serves the snapshot from the KV binding, attributing clients by CF-Connecting-IP', async () => {
    resetWorker();
    const env = { BLOCKSTATS: { get: async (key: string) => (key === 'snapshot' ? snapshot : null) }, BASE_URL: 'https://stats.example.org', BEHIND_CLOUDFLARE: 'true' };
    const res = await worker.fetch(new Request('https://worker.example/v1/players?limit=2', { headers: { 'cf-connecting-ip': '198.51.100.9' } }), env);
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.data.length, 2);
    assert.match(body.meta.pagination.next, /^https:\/\/stats\.example\.org\/v1\/players\?limit=2&offset=2$/);
    assert.equal(res.headers.get('ratelimit-remaining'), '239');
    const other = await worker.fetch(new Request('https://worker.example/v1', { headers: { 'cf-connecting-ip': '198.51.100.10' } }), env);
    assert.equal(other.headers.get('ratelimit-remaining'), '239', 'a separate bucket per client address');
  });

  it('answers 503 until the snapshot is uploaded', async () => {
    resetWorker();
    const env = { BLOCKSTATS: { get: async () => null } };
    const res = await worker.fetch(new Request('https://worker.example/v1/stats'), env);
    assert.equal(res.status, 503);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
  });
});
