// The split snapshot's oracle: for every kind of route of /v1 and the website, the worker serving
// the shards (KV faked by a Map, in-process, a small shard cache so shards come and go) answers
// byte for byte as the router over the whole snapshot read back from JSON (the single-key form):
// status, headers, body. On a small demo server and on 2,400 players (a demo server's 200, each
// twelve times under new names: ties on every board).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { buildSnapshot, shardKey, splitSnapshot, SPLIT_POINTER_KEY, type Snapshot } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { createRouter, type BlockstatsRouter } from '@blockstats/server';
import { generateDemoServer } from '../demo/generate.js';
import worker, { resetWorker, routerOptions, shardCacheBytes, type Env } from './src/index.js';
import { readSplitView } from './src/readSplitView.js';
import { ReplayRandom } from './src/ReplayRandom.js';
import { RetryRateLimitStore } from './src/RetryRateLimitStore.js';
import { ShardCache } from './src/ShardCache.js';
import { serveSplit } from './src/serveSplit.js';
import type { SnapshotStore } from './src/SnapshotStore.js';

const NOW = Date.UTC(2026, 10, 16, 12);
const ORIGIN = 'http://stats.test';

/** KV faked by a Map of the values `blockstats snapshot --split` writes (gzip). */
function fakeKv(snapshot: Snapshot, drop?: string): Map<string, ArrayBuffer> {
  const kv = new Map<string, ArrayBuffer>();
  for (const shard of splitSnapshot(snapshot, { blockSize: 250 })) {
    if (shard.key === drop) continue;
    // As the CLI's bulk files store them (base64 text of gzip), and one shard as binary gzip.
    const gz = gzipSync(shard.bytes);
    const value = shard.key === 'meta' ? gz.buffer.slice(gz.byteOffset, gz.byteOffset + gz.byteLength) : new TextEncoder().encode(gz.toString('base64')).buffer;
    kv.set(shardKey(snapshot.generation, shard.key), value);
  }
  kv.set(SPLIT_POINTER_KEY, new TextEncoder().encode(JSON.stringify({ generation: snapshot.generation })).buffer);
  return kv;
}

function store(kv: Map<string, ArrayBuffer>): SnapshotStore {
  return { get: async (key) => kv.get(key) ?? null };
}

/** A seeded random, the same sequence for both routers. */
function seeded(): () => number {
  let state = 7;
  return () => ((state = (state * 48271) % 2147483647) / 2147483647);
}

const env: Env = { BLOCKSTATS: store(new Map()), SITE: 'true' };

/** Every route kind of /v1 and the site, for the snapshot's players, stats and advancements. */
function urls(snap: Snapshot): string[] {
  const named = snap.players.filter((p) => p.name !== null);
  const first = named[0]!;
  const last = named[named.length - 1]!;
  const middle = named[Math.floor(named.length / 2)]!;
  const stat = snap.stats.find((s) => s.board.length > 30) ?? snap.stats[0]!;
  const deep = snap.stats.reduce((a, b) => (b.board.length > a.board.length ? b : a));
  const adv = snap.advancements.find((a) => a.holders.length > 0) ?? snap.advancements[0]!;
  const list = [
    '/v1', '/v1/server', '/v1/health', '/v1/status', '/v1/totals', '/v1/stats', '/v1/stats?category=mining',
    `/v1/stats/${stat.id}`, `/v1/stats/${stat.id}?limit=5&offset=20`, `/v1/stats/${deep.id}?limit=100&offset=${Math.max(0, deep.board.length - 50)}`,
    `/v1/stats/${stat.id}?limit=0`, '/v1/stats/no_such_stat', `/v1/stats/${stat.id}?limit=abc`,
    '/v1/players', '/v1/players?limit=3&offset=7', '/v1/players?sort=name', '/v1/players?q=a',
    `/v1/players/${first.name}`, `/v1/players/${middle.uuid}`, `/v1/players/${last.uuid.replaceAll('-', '')}`, '/v1/players/nobody-here',
    `/v1/players/${middle.name}/stats`, `/v1/players/${middle.name}/stats?ids=${stat.id},${deep.id}`, `/v1/players/${middle.name}/advancements`,
    `/v1/players/${last.name}/advancements`, `/v1/players/${middle.name}/milestones`, `/v1/players/${middle.name}/activity`, `/v1/players/${middle.name}/history`,
    '/v1/advancements', '/v1/advancements?category=story', `/v1/advancements/${adv.id}`, `/v1/advancements/${adv.id}/holders`,
    `/v1/advancements/${adv.id}/holders?limit=2&offset=1`, '/v1/advancements/minecraft:nope',
    '/v1/feed', '/v1/feed?limit=3', '/v1/hall-of-fame', '/v1/hall-of-fame?limit=5&offset=5', '/v1/crowns', '/v1/events', '/v1/activity',
    `/v1/compare?players=${first.name},${middle.name}`, `/v1/compare?players=${first.name},${last.uuid}&stats=${stat.id}`, '/v1/compare?players=x',
    '/v1/random/player', '/v1/random/stat', '/v1/random/player', '/v1/history', '/v1/modpack', '/v1/mods',
    `/v1/badge/player/${middle.name}.svg`, '/v1/badge/server.svg', `/v1/card/player/${middle.name}.svg`, `/v1/card/stat/${stat.id}.svg`,
    '/v1/card/hall-of-fame.svg', '/v1/card/player/nobody.svg', '/v1/no-such-thing',
    '/', '/stats', `/stats/${stat.id}`, `/stats/${deep.id}?page=2`, '/players', '/players?page=2', `/players/${first.name}`, `/players/${middle.uuid}`,
    '/advancements', `/advancements/${adv.id.replace('minecraft:', '')}`, '/hall-of-fame', '/events', '/activity', '/totals',
    `/compare?players=${first.name},${middle.name}`, '/players/nobody-here', '/?lang=de', `/players/${middle.name}?lang=ja`, '/stats?lang=fr',
  ];
  return list;
}

interface Answer {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

async function answer(response: Response): Promise<Answer> {
  return { status: response.status, headers: [...response.headers], body: await response.text() };
}

/** Asks both routers every URL (and each again with its ETag): the answers. */
async function compare(whole: BlockstatsRouter, split: (request: Request) => Promise<Response>, list: string[]): Promise<number> {
  let checked = 0;
  for (const path of list) {
    const began = performance.now();
    const expected = await answer(await whole.fetch(new Request(ORIGIN + path)));
    const actual = await answer(await split(new Request(ORIGIN + path)));
    assert.deepEqual(actual, expected, path);
    const etag = expected.headers.find(([name]) => name === 'etag')?.[1];
    if (etag) {
      const again = (router: (request: Request) => Promise<Response>) => router(new Request(ORIGIN + path, { headers: { 'if-none-match': etag } }));
      assert.deepEqual(await answer(await again(split)), await answer(await again((r) => whole.fetch(r))), `${path} (If-None-Match)`);
    }
    checked++;
    if (process.env.SPLIT_TIMES) console.log(Math.round(performance.now() - began), path);
  }
  return checked;
}

/** The router over the whole snapshot (as JSON read it back) and the split worker's answer function. */
async function pair(built: Snapshot, cacheBytes: number, drop?: string) {
  const whole = JSON.parse(JSON.stringify(built)) as Snapshot;
  const wholeRouter = createRouter({ ...routerOptions(env, () => whole, new RetryRateLimitStore(), new ReplayRandom(seeded())), clock: () => NOW });
  const cache = new ShardCache(store(fakeKv(built, drop)), cacheBytes);
  const view = (await readSplitView(store(fakeKv(built, drop)), cache, null))!;
  const limits = new RetryRateLimitStore();
  const random = new ReplayRandom(seeded());
  const router = createRouter({ ...routerOptions(env, () => view.snapshot, limits, random), clock: () => NOW });
  return { wholeRouter, split: (request: Request) => serveSplit({ router, view, cache, limits, random }, request), cache };
}

/** A generated demo server's snapshot; with `copies`, its players repeated that many times under new uuids and names (a large server without writing its files). */
async function builtFrom(players: number, seed: string, copies = 1): Promise<{ snapshot: Snapshot; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'blockstats-split-'));
  generateDemoServer({ out: join(dir, 'server'), players, seed, now: NOW });
  const save = await readSave(join(dir, 'server'));
  const many = save.players.flatMap((p) => Array.from({ length: copies }, (_, copy) => (copy === 0 ? p : {
    ...p,
    uuid: `${p.uuid.slice(0, 24)}${copy.toString(16).padStart(2, '0')}${p.uuid.slice(26)}`,
    name: p.name === null ? null : `${p.name.slice(0, 12)}_${copy}`,
    lastOnline: p.lastOnline === null ? null : p.lastOnline - copy * 3_600_000,
  })));
  return { snapshot: buildSnapshot({ ...save, players: many }, { now: NOW }), dir };
}

describe('the split snapshot answers as the whole one', () => {
  const dirs: string[] = [];
  let small: Snapshot;
  let large: Snapshot;
  before(async () => {
    const a = await builtFrom(40, 'hearthvale');
    const b = await builtFrom(200, 'split-oracle', 12);
    dirs.push(a.dir, b.dir);
    small = a.snapshot;
    large = b.snapshot;
  });
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('on a small server, every route kind byte for byte', async () => {
    const { wholeRouter, split } = await pair(small, 1 << 20);
    assert.equal(await compare(wholeRouter, split, urls(small)), urls(small).length);
  });

  it('on a server of 2,400 players, with a shard cache smaller than the snapshot', async () => {
    const { wholeRouter, split, cache } = await pair(large, 1 << 20);
    await compare(wholeRouter, split, urls(large));
    assert.ok(cache.bytes <= 1 << 20 || cache.reads > 0);
  });

  it('never answers wrongly when a shard is missing from KV: a 503 problem', async () => {
    const adv = large.advancements.findIndex((a) => a.holders.length > 0);
    const { wholeRouter, split } = await pair(large, 1 << 20, `a/${adv}`);
    const path = `/v1/advancements/${large.advancements[adv]!.id}/holders`;
    const res = await split(new Request(ORIGIN + path));
    assert.equal(res.status, 503);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
    assert.equal((await wholeRouter.fetch(new Request(ORIGIN + path))).status, 200);
  });

  it('the worker reads the split form from KV, and the single key when there is no pointer', async () => {
    resetWorker();
    const kvEnv: Env = { BLOCKSTATS: store(fakeKv(small)), SITE: 'true' };
    const res = await worker.fetch(new Request(`${ORIGIN}/v1/players?limit=2`), kvEnv);
    assert.equal(res.status, 200);
    assert.equal((await res.json()).meta.pagination.total, small.players.length);
    resetWorker();
    const gz = gzipSync(JSON.stringify(small));
    const single: Env = { BLOCKSTATS: store(new Map([['snapshot', gz.buffer.slice(gz.byteOffset, gz.byteOffset + gz.byteLength)]])) };
    const again = await worker.fetch(new Request(`${ORIGIN}/v1/players?limit=2`), single);
    assert.equal((await again.json()).meta.pagination.total, small.players.length);
    resetWorker();
    // A pointer whose generation's meta is gone (expired): 503, as before a first snapshot.
    const lost: Env = { BLOCKSTATS: store(fakeKv(small, 'meta')) };
    const none = await worker.fetch(new Request(`${ORIGIN}/v1/players`), lost);
    assert.equal(none.status, 503);
    resetWorker();
  });

  it('SHARD_CACHE_MB takes a positive number of megabytes; anything else is an error naming it', () => {
    assert.equal(shardCacheBytes(undefined), 24 * 1024 * 1024);
    assert.equal(shardCacheBytes('8'), 8 * 1024 * 1024);
    for (const bad of ['abc', '0', '-5', 'Infinity']) assert.throws(() => shardCacheBytes(bad), /SHARD_CACHE_MB must be a positive number of megabytes, got "/);
  });
});
