import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, BASE, problemCode } from './harness.js';

const { get } = api();

describe('GET /v1/stats', () => {
  it('lists the whole 217-stat catalogue in one page by default (limit 250)', async () => {
    const { status, body } = await get('/v1/stats');
    assert.equal(status, 200);
    assert.equal(body.data.length, 217);
    assert.deepEqual({ ...body.meta.pagination }, { total: 217, count: 217, limit: 250, offset: 0, next: null, previous: null });
    const jump = body.data.find((s: { id: string }) => s.id === 'jump');
    assert.equal(jump.leaderboard, `${BASE}/v1/stats/jump`);
    assert.equal(jump.record.value, 12_345);
    assert.equal(jump.record.display, '12,345');
    assert.equal('player' in jump.record, false, 'the record holder is not shown');
  });

  it('search is case-insensitive over id, title and description', async () => {
    const { body } = await get('/v1/stats?search=DIAMOND');
    assert.ok(body.data.length > 0);
    for (const stat of body.data) assert.match(`${stat.id} ${stat.title} ${stat.description}`, /diamond/i);
    assert.equal(body.meta.pagination.total, body.data.length);
  });

  it('pages with absolute next/previous links that keep the other parameters', async () => {
    const { body } = await get('/v1/stats?search=mined&limit=2&offset=2&extra=kept');
    assert.equal(body.data.length, 2);
    const next = new URL(body.meta.pagination.next);
    assert.equal(next.origin + next.pathname, `${BASE}/v1/stats`);
    assert.deepEqual(Object.fromEntries(next.searchParams), { search: 'mined', limit: '2', offset: '4', extra: 'kept' });
    assert.equal(new URL(body.meta.pagination.previous).searchParams.get('offset'), '0');
    const following = await get(`${next.pathname}${next.search}`);
    assert.notDeepEqual(following.body.data.map((s: { id: string }) => s.id), body.data.map((s: { id: string }) => s.id));
  });

  it('clamps limit above 500 silently', async () => {
    const { status, body } = await get('/v1/stats?limit=100000');
    assert.equal(status, 200);
    assert.equal(body.meta.pagination.limit, 500);
  });

  it('clamps a limit of any length, and an offset past any end is an empty page, not a 400', async () => {
    const huge = '9'.repeat(40);
    const limited = await get(`/v1/stats?limit=${huge}`);
    assert.equal(limited.status, 200);
    assert.equal(limited.body.meta.pagination.limit, 500);
    const far = await get(`/v1/stats?offset=${huge}`);
    assert.equal(far.status, 200);
    assert.deepEqual(far.body.data, []);
    assert.equal(far.body.meta.pagination.next, null);
    assert.equal(new URL(far.body.meta.pagination.previous).searchParams.get('offset'), '0');
  });

  const bad: [string, string][] = [['limit=0', 'limit'], ['limit=abc', 'limit'], ['offset=-1', 'offset'], [`search=${'x'.repeat(300)}`, 'search']];
  for (const [query, parameter] of bad) {
    it(`400 invalid-request naming ${parameter} for ${query.slice(0, 20)}`, async () => {
      const { status, headers, body } = await get(`/v1/stats?${query}`);
      assert.equal(status, 400);
      assert.equal(headers.get('content-type'), 'application/problem+json');
      assert.equal(problemCode(body), 'invalid-request');
      assert.equal(body.parameter, parameter);
      assert.match(body.detail, new RegExp(parameter));
    });
  }
});

describe('GET /v1/stats/{stat_id}', () => {
  it('is the leaderboard, best first, ties sharing a rank, with meta.stat', async () => {
    const { body } = await get('/v1/stats/jump');
    assert.deepEqual(body.meta.stat, { id: 'jump', title: body.meta.stat.title, description: body.meta.stat.description, unit: 'int', category: body.meta.stat.category });
    const rows = body.data.map((e: { rank: number; value: number; player: { name: string } }) => [e.rank, e.player.name, e.value]);
    assert.deepEqual(rows.slice(0, 3), [[1, 'Steve', 12_345], [2, '.Pocket_Pro', 9_000], [2, 'Alex', 9_000]]);
    assert.ok(!rows.some((r: unknown[]) => r[1] === 'Newbie_1'), 'unranked players stay off leaderboards');
    for (const entry of body.data) assert.deepEqual(Object.keys(entry).sort(), ['converted', 'display', 'player', 'rank', 'unit', 'value']);
  });

  it('limit and offset page the board', async () => {
    const { body } = await get('/v1/stats/jump?limit=1&offset=1');
    assert.equal(body.data.length, 1);
    assert.equal(body.data[0].rank, 2);
    assert.ok(body.meta.pagination.total >= 4);
  });

  it('Value objects convert units', async () => {
    const { body } = await get('/v1/stats/walk_one_cm?limit=1');
    assert.deepEqual(body.data[0].converted, { metres: 25_000, kilometres: 25 });
    assert.equal(body.data[0].unit, 'cm');
  });

  for (const id of ['nope', 'JUMP', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(2000)]) {
    it(`404 not-found for the unknown stat ${id.slice(0, 24)}`, async () => {
      const { status, body } = await get(`/v1/stats/${id}`);
      assert.equal(status, 404);
      assert.equal(problemCode(body), 'not-found');
      assert.ok(body.detail.length < 300, 'long input is not echoed in full');
    });
  }
});

describe('GET /v1/totals', () => {
  it('sums every stat over ranked players with the per-player average, 250 per page', async () => {
    const { body } = await get('/v1/totals');
    assert.equal(body.meta.pagination.limit, 250);
    assert.equal(body.data.length, 217);
    const jump = body.data.find((t: { id: string }) => t.id === 'jump');
    // Ranked: Steve 12,345, Alex 9,000, .Pocket_Pro 9,000, Builder_Bob 2,000, Notch 100, notch 50, nameless 10.
    assert.equal(jump.total.value, 12_345 + 9_000 + 9_000 + 2_000 + 100 + 50 + 10);
    assert.equal(jump.unit, 'int');
    assert.ok(jump.average.value > 0);
  });

  it('search matches id or title', async () => {
    const { body } = await get('/v1/totals?search=jump');
    assert.ok(body.data.every((t: { id: string; title: string }) => /jump/i.test(`${t.id} ${t.title}`)));
  });
});

describe('GET /v1/advancements', () => {
  it('lists vanilla advancements rarest first, 100 per page, with meta.categories', async () => {
    const { body } = await get('/v1/advancements');
    assert.equal(body.meta.pagination.limit, 100);
    assert.deepEqual(body.meta.categories, ['story', 'nether', 'end', 'adventure', 'husbandry']);
    assert.ok(body.data.every((a: { source: string }) => a.source === 'vanilla'));
    const counts = body.data.map((a: { completed_by: number }) => a.completed_by);
    assert.deepEqual(counts, [...counts].sort((a: number, b: number) => a - b));
  });

  const sorts: [string, (a: any, b: any) => boolean][] = [
    ['title', (a, b) => a.title.toLowerCase() <= b.title.toLowerCase()],
    ['rarity', (a, b) => a.completed_by <= b.completed_by],
    ['category', (a, b) => ['story', 'nether', 'end', 'adventure', 'husbandry'].indexOf(a.category) <= ['story', 'nether', 'end', 'adventure', 'husbandry'].indexOf(b.category)],
    ['first', (a, b) => (a.first_completed_at ?? '9999') <= (b.first_completed_at ?? '9999')],
  ];
  for (const [sort, ordered] of sorts) {
    it(`sort=${sort} orders the whole list`, async () => {
      const { body } = await get(`/v1/advancements?sort=${sort}&limit=500`);
      for (let i = 1; i < body.data.length; i++) assert.ok(ordered(body.data[i - 1], body.data[i]), `${sort} at ${i}`);
    });
  }

  it('include=datapack and include=all add datapack entries', async () => {
    for (const include of ['datapack', 'all']) {
      const { body } = await get(`/v1/advancements?include=${include}&limit=500`);
      assert.ok(body.data.some((a: { id: string; source: string }) => a.id === 'blazeandcave:technical/joined' && a.source === 'datapack'), include);
    }
  });

  it('category and search filter', async () => {
    const end = await get('/v1/advancements?category=end');
    assert.ok(end.body.data.length > 0 && end.body.data.every((a: { category: string }) => a.category === 'end'));
    const search = await get('/v1/advancements?search=Diamond');
    assert.ok(search.body.data.every((a: { id: string; title: string }) => /diamond/i.test(`${a.id} ${a.title}`)));
  });

  for (const [query, parameter] of [['sort=newest', 'sort'], ['include=recipes', 'include'], ['category=moon', 'category']]) {
    it(`400 naming ${parameter} for ${query}`, async () => {
      const { status, body } = await get(`/v1/advancements?${query}`);
      assert.equal(status, 400);
      assert.equal(body.parameter, parameter);
    });
  }
});

describe('GET /v1/advancements/{advancement_id}', () => {
  for (const path of ['minecraft:story/mine_stone', 'story/mine_stone', 'minecraft%3Astory%2Fmine_stone', 'story%2Fmine_stone']) {
    it(`resolves ${path} (namespace optional, slashes unencoded or encoded)`, async () => {
      const { status, body } = await get(`/v1/advancements/${path}`);
      assert.equal(status, 200);
      assert.equal(body.data.id, 'minecraft:story/mine_stone');
      assert.equal(body.data.first_by.name, 'Steve');
      assert.equal(body.data.first_completed_at, '2026-05-01T02:00:00.000Z');
      assert.equal(body.data.completed_by, 4);
      assert.equal(typeof body.data.rarity_percent, 'number');
    });
  }

  it('a datapack advancement resolves by its namespace', async () => {
    const { body } = await get('/v1/advancements/blazeandcave:technical/joined');
    assert.equal(body.data.source, 'datapack');
  });

  for (const path of ['story/nope', 'minecraft:', 'a/b/c/d/e/f', '%E0%A4%A']) {
    it(`${path} is a clean 4xx`, async () => {
      const { status, body } = await get(`/v1/advancements/${path}`);
      assert.ok(status === 404 || status === 400, String(status));
      assert.ok(['not-found', 'invalid-request'].includes(problemCode(body)!));
    });
  }
});

describe('GET /v1/advancements/{advancement_id}/holders', () => {
  it('lists holders earliest first by default; position 1 is first on the server', async () => {
    const { body } = await get('/v1/advancements/story/root/holders');
    assert.equal(body.data[0].position, 1);
    assert.equal(body.data[0].player.name, 'Steve');
    const times = body.data.map((h: { completed_at: string }) => h.completed_at);
    assert.deepEqual(times, [...times].sort());
    assert.equal(body.meta.advancement.id, 'minecraft:story/root');
  });

  it('order=latest lists the newest first, positions unchanged', async () => {
    const { body } = await get('/v1/advancements/minecraft:story/root/holders?order=latest&limit=2');
    assert.equal(body.data[0].player.name, 'Newbie_1');
    assert.ok(body.data[0].position > body.data[1].position);
    assert.equal(body.data.length, 2);
    assert.ok(body.meta.pagination.next);
  });

  it('400 for a bad order, 404 for an unknown advancement', async () => {
    assert.equal((await get('/v1/advancements/story/root/holders?order=oldest')).body.parameter, 'order');
    assert.equal((await get('/v1/advancements/story/nope/holders')).status, 404);
  });
});
