/**
 * The router's memo of rendered answers (RouterOptions.responseCacheBytes): reused within a
 * generation, never across one, never for the record, live sources or request-time file reads,
 * and invisible in what clients receive.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSnapshot, type Snapshot } from '@blockstats/core';
import type { RecipeUnlock, RouterOptions } from '../src/router/RouterOptions.js';
import { api } from './harness.js';
import { BUILT_AT, fixtureSave, fixtureSnapshot, NOW, uuids } from './fixture.js';

const peer = { remoteAddress: '198.51.100.20' };

/** The harness's router over the fixture (rate limit off unless asked for). */
function router(overrides: Partial<RouterOptions> = {}) {
  return api(overrides).router;
}

async function get(r: ReturnType<typeof router>, url: string, init: RequestInit = {}) {
  const response = await r.fetch(new Request(url, init), peer);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** A second snapshot of the fixture with one more jump for Steve: a new generation. */
function changedSnapshot(): Snapshot {
  const save = fixtureSave();
  const steve = save.players.find((p) => p.uuid === uuids.steve)!;
  const custom = steve.stats['minecraft:custom'] ?? {};
  steve.stats = { ...steve.stats, 'minecraft:custom': { ...custom, 'minecraft:jump': (custom['minecraft:jump'] ?? 0) + 1_000_000 } };
  return buildSnapshot(save, { now: BUILT_AT + 15 * 60_000, server: { name: 'Test SMP', short_name: 'TestSMP' } });
}

describe('router response memo', () => {
  it('serves the same bytes and ETag as a fresh rendering, and a 304 from a remembered answer', async () => {
    const memoized = router();
    const fresh = router({ responseCacheBytes: 0 });
    for (const path of ['/v1/stats/jump', '/v1/players/Steve', '/v1/badge/player/Steve.svg', '/v1/stats?limit=3', '/v1/server']) {
      const first = await get(memoized, `http://stats.test${path}`);
      const second = await get(memoized, `http://stats.test${path}`);
      const reference = await get(fresh, `http://stats.test${path}`);
      assert.equal(first.status, 200, path);
      assert.equal(second.text, first.text, path);
      assert.equal(reference.text, first.text, path);
      assert.equal(second.headers.get('etag'), first.headers.get('etag'), path);
      assert.equal(reference.headers.get('etag'), first.headers.get('etag'), path);
      const revalidated = await get(memoized, `http://stats.test${path}`, { headers: { 'if-none-match': first.headers.get('etag')! } });
      assert.equal(revalidated.status, 304, path);
      assert.equal(revalidated.text, '');
      assert.equal(revalidated.headers.get('etag'), first.headers.get('etag'));
      assert.equal(revalidated.headers.get('content-type'), null);
    }
  });

  it('keys answers by the whole URL: query string and origin (links are absolute)', async () => {
    const r = router();
    const one = await get(r, 'http://stats.test/v1/stats/jump?limit=1');
    const two = await get(r, 'http://stats.test/v1/stats/jump?limit=2');
    assert.notEqual(one.text, two.text);
    assert.equal(JSON.parse(one.text).data.length, 1);
    assert.equal(JSON.parse(two.text).data.length, 2);
    const elsewhere = await get(r, 'http://other.test/v1/stats/jump?limit=1');
    assert.match(JSON.parse(one.text).meta.pagination.next, /^http:\/\/stats\.test\//);
    assert.match(JSON.parse(elsewhere.text).meta.pagination.next, /^http:\/\/other\.test\//);
  });

  it('never serves an answer of an older generation', async () => {
    let current = fixtureSnapshot();
    const r = router({ snapshot: () => current });
    const before = await get(r, 'http://stats.test/v1/stats/jump');
    current = changedSnapshot();
    assert.notEqual(current.generation, fixtureSnapshot().generation);
    const after = await get(r, 'http://stats.test/v1/stats/jump');
    assert.notEqual(after.headers.get('etag'), before.headers.get('etag'));
    assert.ok(JSON.parse(after.text).data[0].value >= 1_000_000);
    const stale = await get(r, 'http://stats.test/v1/stats/jump', { headers: { 'if-none-match': before.headers.get('etag')! } });
    assert.equal(stale.status, 200);
  });

  it('leaves request-time reads alone: recipe unlocks are read on every request', async () => {
    let unlocks: RecipeUnlock[] = [{ id: 'minecraft:recipes/misc/charcoal', at: NOW - 5000 }];
    const r = router({ readRecipes: () => unlocks });
    const path = 'http://stats.test/v1/players/Steve/advancements?include=recipes';
    const first = JSON.parse((await get(r, path)).text);
    unlocks = [...unlocks, { id: 'minecraft:recipes/misc/bread', at: NOW - 1000 }];
    const second = JSON.parse((await get(r, path)).text);
    assert.equal(second.meta.pagination.total, first.meta.pagination.total + 1);
  });

  it('renders once for a burst of concurrent requests for the same URL (the OpenAPI document too)', async (t) => {
    const r = router();
    const digest = t.mock.method(crypto.subtle, 'digest');
    for (const path of ['/openapi.json', '/v1/stats?limit=500']) {
      digest.mock.resetCalls();
      const answers = await Promise.all(Array.from({ length: 50 }, () => get(r, `http://stats.test${path}`)));
      assert.ok(answers.every((a) => a.status === 200 && a.text === answers[0]!.text && a.headers.get('etag') === answers[0]!.headers.get('etag')));
      assert.equal(digest.mock.callCount(), 1, `${path}: one rendering (one ETag hashed) for 50 requests`);
    }
  });

  it('rejects a negative or fractional bound', () => {
    assert.throws(() => router({ responseCacheBytes: -1 }), RangeError);
    assert.throws(() => router({ responseCacheBytes: 1.5 }), RangeError);
  });
});
