/**
 * Crawls every endpoint of the demo server (every page, every player, every stat, every
 * advancement and event, every error the spec lists) through `router.fetch` and validates each
 * response against the router's own /openapi.json with real validators (the OpenAPI 3.1 schema
 * for the document, Ajv 2020-12 with formats for bodies and headers, objects closed). Zero
 * mismatches allowed.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { addPull, buildSnapshot, emptyRecord, pullCounters, type ActivityRecord, type SaveData, type Snapshot } from '@blockstats/core';
import { readRecipeUnlocks, readSave } from '@blockstats/core/node';
import { createRouter, type LiveStatus, type RouterOptions } from '@blockstats/server';
import { DEFAULT_EVENT_POOL } from '@blockstats/server/reference';
import { toPng } from '@blockstats/svg/png';
import { generateDemoServer } from '../examples/demo/generate.js';
import { documentErrors, responseValidator, type Exchange } from '../packages/server/test/openapiValidator.js';

const NOW = Date.UTC(2026, 10, 16, 12, 0, 0);
const BASE = 'https://stats.demo.example';
const DAY = 86_400_000;

let dir: string;
let save: SaveData;
let snapshot: Snapshot;
let record: ActivityRecord;

/** Nine days of pulls every 15 minutes: every third player plays one hour a day, at their own hour. */
function synthesizeRecord(data: SaveData): ActivityRecord {
  const rec = emptyRecord();
  // pullCounters' objects are frozen (shared between pulls): this record grows its own copies.
  const base: Record<string, Record<string, number>> = structuredClone(pullCounters(data.players, DEFAULT_EVENT_POOL));
  const uuids = Object.keys(base).sort();
  const start = NOW - 9 * DAY;
  for (let at = start, n = 0; at <= NOW; at += 15 * 60_000, n++) {
    const hour = new Date(at).getUTCHours();
    let online = 0;
    uuids.forEach((uuid, i) => {
      if (i % 3 !== 0 || hour !== (i * 5) % 24 || n === 0) return;
      const c = base[uuid]!;
      c.play_time = (c.play_time ?? 0) + 18_000;
      c.jump = (c.jump ?? 0) + 10 + i;
      c.walk_one_cm = (c.walk_one_cm ?? 0) + 5_000;
      if (n % 7 === 0) c.deaths = (c.deaths ?? 0) + 1;
      online++;
    });
    addPull(rec, { at, counters: structuredClone(base), online: n % 40 === 39 ? null : online });
  }
  return rec;
}

const status: LiveStatus = {
  online: true, players_online: 2, players_max: 40, version: 'Paper 1.21.11', protocol: 774, motd: 'Hearthvale SMP\nWelcome',
  sample: [{ name: 'Stonebeard', uuid: 'd1a3f8a8-e8e0-40a6-919d-8ee5bca0cae2' }, { name: 'Anonymous Player', uuid: null }],
  latency_ms: 3, edition: 'java', reason: null,
  bedrock: { online: true, players_online: 2, players_max: 40, version: '1.21.120', protocol: 844, motd: 'Hearthvale', latency_ms: 4, reason: null },
  checked_at: new Date(NOW).toISOString(),
};

function router(overrides: Partial<RouterOptions> = {}) {
  let seed = 7;
  return createRouter({
    snapshot: () => snapshot,
    record: () => record,
    status: { status: async () => status },
    mods: {
      mods: async () => ({
        fetched_at: new Date(NOW).toISOString(),
        mods: save.mods.map((jar, i) => ({
          project_id: i === 0 ? null : `AAAA${i}BBB`, slug: i === 0 ? null : jar.file.replace(/-[\d.]+\.jar$/, ''), name: i === 0 ? null : jar.file,
          description: i === 0 ? null : 'A demo mod', categories: i === 0 ? [] : ['utility'], game_versions: i === 0 ? [] : ['1.21.11'],
          loaders: i === 0 ? [] : ['paper'], downloads: i === 0 ? null : 100 * i, icon_url: null,
          project_url: i === 0 ? null : `https://modrinth.com/mod/demo${i}`, resolved: i !== 0, source: 'jar' as const, file: jar.file, version: i === 0 ? null : '1.0',
        })),
      }),
    },
    modpack: {
      modpack: async () => ({
        project_id: 'DEMOPACK', slug: 'hearthvale', name: 'Hearthvale Pack', description: 'Client pack', icon_url: null,
        project_url: 'https://modrinth.com/modpack/hearthvale', downloads: 42, game_versions: ['1.21.11'], loaders: ['fabric'],
        latest: { id: 'ver1', name: '1.0', version_number: '1.0.0', version_type: 'release', published_at: '2026-11-01T00:00:00.000Z', game_versions: ['1.21.11'], loaders: ['fabric'], changelog: null,
          files: [{ filename: 'hearthvale-1.0.0.mrpack', url: 'https://cdn.modrinth.com/data/DEMOPACK/hearthvale-1.0.0.mrpack', size: 2048, primary: true, sha1: 'aa', sha512: 'bb' }] },
        fetched_at: new Date(NOW).toISOString(),
      }),
    },
    readRecipes: (uuid) => readRecipeUnlocks(save, uuid),
    clock: () => NOW,
    random: () => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647),
    rateLimit: { limit: 1_000_000 },
    baseUrl: BASE,
    onError: (error) => {
      throw error;
    },
    ...overrides,
  });
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blockstats-crawl-'));
  generateDemoServer({ out: dir, players: 40, seed: 'hearthvale', now: NOW });
  save = await readSave(dir);
  snapshot = buildSnapshot(save, { now: NOW, server: { name: 'Hearthvale SMP', short_name: 'Hearthvale', addresses: { java: 'play.hearthvale.example', bedrock: null } } });
  record = synthesizeRecord(save);
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('crawl of the demo server against /openapi.json', () => {
  it('validates every response with zero mismatches', async () => {
    const api = router();
    const fetchOne = async (target: string, init: RequestInit = {}, using = api): Promise<Exchange & { body: any }> => {
      const url = target.startsWith('http') ? target : `${BASE}${target}`;
      const res = await using.fetch(new Request(url, init), { remoteAddress: '203.0.113.1' });
      const text = await res.text();
      const json = /json/.test(res.headers.get('content-type') ?? '') && text ? JSON.parse(text) : null;
      return { method: init.method ?? 'GET', url, status: res.status, headers: res.headers, text, body: json };
    };

    const { body: document } = await fetchOne('/openapi.json');
    assert.deepEqual(await documentErrors(document), []);
    assert.equal(document.info.version, '1.3.0');
    const check = responseValidator(document);

    const mismatches: string[] = [];
    const seen = new Set<string>();
    const statusCounts = new Map<number, number>();
    const visitedTemplates = new Set<string>();
    const queue: string[] = [];
    const enqueue = (target: string) => {
      const url = target.startsWith('http') ? target : `${BASE}${target}`;
      if (!seen.has(url)) {
        seen.add(url);
        queue.push(url);
      }
    };
    const record = (exchange: Exchange) => {
      mismatches.push(...check(exchange));
      statusCounts.set(exchange.status, (statusCounts.get(exchange.status) ?? 0) + 1);
    };

    // Seeds: the endpoint list, then every query variant of every collection.
    const index = await fetchOne('/v1');
    record(index);
    for (const endpoint of index.body.data) {
      visitedTemplates.add(endpoint.path);
      const required = document.paths[endpoint.path].get.parameters.some((p: { required?: boolean }) => p.required);
      // PNG cards are crawled below, on a router that renders them; /v1/crowns needs the stat
      // history the demo does not record: its 503 is checked below.
      if (!endpoint.path.includes('{') && !required && !endpoint.path.endsWith('.png') && endpoint.path !== '/v1/crowns') enqueue(endpoint.path);
    }
    for (const query of [
      'stats?search=diamond', 'totals?search=mined', 'advancements?sort=title', 'advancements?sort=category', 'advancements?sort=first',
      'advancements?include=datapack', 'advancements?include=all&sort=rarity', 'advancements?category=nether', 'players?sort=name',
      'players?edition=bedrock', 'players?ranked=false', 'players?search=pan', 'history?resolution=raw', 'history?resolution=daily',
      'activity/players?period=30d&sort=sessions', 'activity/players?period=all&sort=deaths', 'events?active=true', 'events?active=false',
      'feed?category=end', `feed?since=${(NOW - 60 * DAY) / 1000}`, 'feed?since=2026-10-01T00:00:00Z', 'mods?search=example',
      'hall-of-fame?limit=5', 'compare?players=Stonebeard,Marrowind', 'compare?players=Kestrel,PixelPanda&ids=jump,play_time',
      'badge/server.svg?label=online&color=green',
    ]) enqueue(`/v1/${query}`);
    for (const p of snapshot.players) {
      const id = encodeURIComponent(p.name ?? p.uuid);
      for (const suffix of ['', '/stats', '/advancements', '/advancements?completed=false', '/advancements?include=recipes', '/milestones', '/activity']) {
        enqueue(`/v1/players/${id}${suffix}`);
      }
      enqueue(`/v1/players/${p.uuid.replaceAll('-', '')}`);
      for (const stat of ['advancements', 'medals', 'rank', 'play_time']) enqueue(`/v1/badge/player/${id}.svg?stat=${stat}`);
      enqueue(`/v1/card/player/${id}.svg`);
    }
    // The PNG card, rendered by a router given the capability; the default router has none.
    const drawing = router({ renderPng: async (svg) => toPng(svg) });
    for (const p of snapshot.players.slice(0, 3)) {
      const exchange = await fetchOne(`/v1/card/player/${p.uuid}.png?color=green`, {}, drawing);
      assert.equal(exchange.status, 200);
      assert.equal(exchange.headers.get('content-type'), 'image/png');
      record(exchange);
      seen.add(exchange.url);
    }
    const eventIds: string[] = (await fetchOne('/v1/events')).body.data.map((e: { id: string }) => e.id);
    for (const id of eventIds) enqueue(`/v1/card/event/${id}.svg`);
    for (const path of ['/v1/card/stat/jump.png', '/v1/card/hall-of-fame.png?color=purple', `/v1/card/event/${eventIds[0]}.png`]) {
      const exchange = await fetchOne(path, {}, drawing);
      assert.equal(exchange.status, 200, path);
      assert.equal(exchange.headers.get('content-type'), 'image/png');
      record(exchange);
      seen.add(exchange.url);
    }
    const noPng = await fetchOne('/v1/card/player/Stonebeard.png');
    assert.equal(noPng.status, 404);
    record(noPng);
    for (const stat of snapshot.stats) enqueue(`/v1/stats/${stat.id}`), enqueue(`/v1/card/stat/${stat.id}.svg`);
    for (const advancement of snapshot.advancements) {
      enqueue(`/v1/advancements/${advancement.id}`);
      enqueue(`/v1/advancements/${advancement.id}/holders`);
      enqueue(`/v1/advancements/${advancement.id}/holders?order=latest`);
    }

    while (queue.length > 0) {
      const url = queue.shift()!;
      const exchange = await fetchOne(url);
      record(exchange);
      if (exchange.status !== 200) {
        mismatches.push(`GET ${url} → ${exchange.status} (expected 200 while crawling)`);
        continue;
      }
      const next = exchange.body?.meta?.pagination?.next;
      if (next) enqueue(next);
      if (url.startsWith(`${BASE}/v1/events?`) || url === `${BASE}/v1/events`) {
        for (const event of exchange.body.data) enqueue(`/v1/events/${event.id}`);
      }
    }

    // Every error row of SPEC.md, plus 304, HEAD and the preflight.
    const errorCases: [string, RequestInit, number][] = [
      ['/v1/stats?limit=0', {}, 400], ['/v1/stats?offset=-1', {}, 400], ['/v1/players?edition=pe', {}, 400], ['/v1/players?ranked=1', {}, 400],
      ['/v1/players?sort=rank', {}, 400], ['/v1/advancements?sort=x', {}, 400], ['/v1/advancements?include=x', {}, 400],
      ['/v1/advancements/story/root/holders?order=x', {}, 400], ['/v1/history?resolution=x', {}, 400], ['/v1/players/Stonebeard/stats?ids=nope', {}, 400],
      ['/v1/players/Stonebeard/advancements?completed=x', {}, 400], ['/v1/feed?category=x', {}, 400], ['/v1/feed?since=x', {}, 400],
      ['/v1/activity/players?period=x', {}, 400], ['/v1/activity/players?sort=x', {}, 400], ['/v1/events?active=x', {}, 400],
      ['/v1/compare', {}, 400], ['/v1/compare?players=a', {}, 400], ['/v1/compare?players=Stonebeard,Marrowind&ids=nope', {}, 400],
      ['/v1/players/%E0%A4%A', {}, 400], ['/v1/badge/player/Stonebeard.svg?stat=nope', {}, 400],
      ['/v1/players/Nobody_Here', {}, 404], ['/v1/players/Nobody_Here/stats', {}, 404], ['/v1/players/Nobody_Here/advancements', {}, 404],
      ['/v1/players/Nobody_Here/milestones', {}, 404], ['/v1/players/Nobody_Here/activity', {}, 404], ['/v1/stats/nope', {}, 404],
      ['/v1/advancements/story/nope', {}, 404], ['/v1/advancements/story/nope/holders', {}, 404], ['/v1/events/nope_week1', {}, 404],
      ['/v1/feed?player=Nobody_Here', {}, 404], ['/v1/compare?players=Stonebeard,Nobody_Here', {}, 404], ['/v1/nowhere', {}, 404],
      ['/v1/badge/player/Nobody_Here.svg', {}, 404], ['/v1/card/player/Nobody_Here.svg', {}, 404],
      ['/v1/card/stat/nope.svg', {}, 404], ['/v1/card/event/nope_week1.svg', {}, 404], ['/v1/card/hall-of-fame.png', {}, 404], ['/v1/card/stat/jump.svg?period=fortnight', {}, 400], ['/stats', {}, 404], ['/', {}, 404],
      ['/v1/stats', { method: 'POST', body: '{}' }, 405], ['/v1/players', { method: 'DELETE' }, 405], ['/v1', { method: 'OPTIONS' }, 405],
      ['/v1/stats', { method: 'OPTIONS', headers: { 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' } }, 204],
      ['/v1/stats/jump', { method: 'HEAD' }, 200], ['/v1/badge/server.svg', { method: 'HEAD' }, 200],
    ];
    for (const [path, init, expected] of errorCases) {
      const exchange = await fetchOne(path, init);
      assert.equal(exchange.status, expected, `${init.method ?? 'GET'} ${path}`);
      record(exchange);
    }
    for (const path of ['/v1/stats/jump', '/v1/players/Stonebeard', '/v1/badge/player/Stonebeard.svg', '/openapi.json']) {
      const etag = (await fetchOne(path)).headers.get('etag')!;
      const exchange = await fetchOne(path, { headers: { 'if-none-match': etag } });
      assert.equal(exchange.status, 304, path);
      record(exchange);
    }
    const limited = router({ rateLimit: { limit: 1 } });
    await fetchOne('/v1', {}, limited);
    for (const path of ['/v1/stats', '/v1/card/player/Stonebeard.svg']) {
      const exchange = await fetchOne(path, {}, limited);
      assert.equal(exchange.status, 429);
      record(exchange);
    }
    const broken = router({ status: { status: () => Promise.reject(new Error('boom')) }, onError: () => {} });
    const failing = await fetchOne('/v1/status', {}, broken);
    assert.equal(failing.status, 500);
    record(failing);
    // Issue 41: the stat history's answers (no history recorded in the demo: 503) and its 400.
    for (const [path, code] of [['/v1/players/Stonebeard/history', 503], ['/v1/stats/play_time/daily', 503], ['/v1/stats/jump?period=week', 503], ['/v1/stats/jump?period=fortnight', 400], ['/v1/crowns', 503], ['/v1/hall-of-fame?period=month', 503], ['/v1/compare?players=Stonebeard,Marrowind&period=fortnight', 400]] as const) {
      const exchange = await fetchOne(path);
      assert.equal(exchange.status, code, path);
      record(exchange);
      seen.add(exchange.url);
    }
    const empty = router({ snapshot: () => null, record: () => null, mods: { mods: async () => null } });
    for (const path of ['/v1/stats', '/v1/players/Stonebeard/milestones', '/v1/activity', '/v1/history', '/v1/mods', '/v1/random/player', '/v1/badge/player/Stonebeard.svg', '/v1/health']) {
      const exchange = await fetchOne(path, {}, empty);
      assert.equal(exchange.status, path === '/v1/health' ? 200 : 503, path);
      record(exchange);
    }

    // Coverage: every documented path was requested, every player and stat crawled.
    for (const path of Object.keys(document.paths)) {
      const pattern = new RegExp(`^${BASE.replace(/\./g, '\\.')}${path.replace(/\./g, '\\.').replace(/\{\w+\}/g, '.+')}(\\?|$)`);
      assert.ok([...seen].some((url) => pattern.test(url)) || path.endsWith('openapi.json'), `${path} was crawled`);
    }
    assert.ok(seen.size > 1000, `crawled ${seen.size} URLs`);
    for (const status of [200, 204, 304, 400, 404, 405, 429, 500, 503]) assert.ok(statusCounts.get(status), `a ${status} was validated`);
    assert.deepEqual(mismatches.slice(0, 50), []);
  });
});
