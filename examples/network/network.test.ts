import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findStat, statCatalogue, statTotal } from '../../packages/core/src/index.js';
import type { BlockstatsRouter } from '../../packages/server/src/index.js';
import { documentErrors, responseValidator, type Exchange } from '../../packages/server/test/openapiValidator.js';
import { NETWORK_DEFAULTS } from '../generate-demo-network.js';
import { generateDemoNetwork, type NetworkSummary } from './generate.js';
import { networkRouter } from './network-router.js';
import { rawView, readRawNetwork, type RawNetwork, type RawPlayer } from './raw-network.js';

// Issue 38's acceptance test: every endpoint family, in the network view and in each server's
// view, against sums, unions and minimums computed from the generated network's raw files
// (raw-network.ts), not through blockstats' reader or merge.

const NOW = Date.parse(NETWORK_DEFAULTS.now);
const RANKED_TICKS = 72_000;
const STATS = ['play_time', 'jump', 'deaths', 'walk_one_cm', 'damage_dealt', 'killed_zombie', 'killed_zombified_piglin', 'mined_stone', 'mined_dirt'];
const ADVANCEMENTS = ['story/root', 'story/mine_stone', 'story/smelt_iron', 'story/mine_diamond', 'nether/root', 'end/kill_dragon'];

const root = mkdtempSync(join(tmpdir(), 'demo-network-test-'));
let summary: NetworkSummary;
let raw: RawNetwork;
let router: BlockstatsRouter;
/** Every exchange the tests made, validated against the network's OpenAPI document at the end. */
const exchanges: Exchange[] = [];

before(async () => {
  summary = generateDemoNetwork({ out: root, seed: NETWORK_DEFAULTS.seed, people: NETWORK_DEFAULTS.people, now: NOW });
  raw = readRawNetwork(summary.servers);
  ({ router } = await networkRouter(summary, NOW));
});
after(() => rmSync(root, { recursive: true, force: true }));

async function get(path: string, view: string): Promise<{ status: number; body: any; text: string; type: string | null }> {
  const url = new URL(`http://stats.test${path}`);
  if (view !== 'network') url.searchParams.set('server', view);
  const response = await router.fetch(new Request(url));
  const text = await response.text();
  const type = response.headers.get('content-type');
  exchanges.push({ method: 'GET', url: url.href, status: response.status, headers: response.headers, text });
  return { status: response.status, text, type, body: type?.includes('json') ? JSON.parse(text) : null };
}

const valueOf = (p: RawPlayer, stat: string): number => statTotal(findStat(stat)!, p.counters);
const ranked = (p: RawPlayer): boolean => valueOf(p, 'play_time') >= RANKED_TICKS;
const iso = (ms: number): string => new Date(ms).toISOString();

/** Competition ranks (1, 1, 3) of the ranked players with a value above 0, as `uuid value rank` lines in uuid order. */
function expectedBoard(players: Iterable<RawPlayer>, stat: string): string[] {
  const rows = [...players].filter(ranked).map((p) => ({ uuid: p.uuid, value: valueOf(p, stat) })).filter((r) => r.value > 0);
  return rows.map((r) => `${r.uuid} ${r.value} ${1 + rows.filter((o) => o.value > r.value).length}`).sort();
}

const VIEWS = ['network', 'survival', 'creative', 'skyblock'];
const viewOf = (view: string): Map<string, RawPlayer> => rawView(raw, view === 'network' ? summary.servers.map((s) => s.id) : [view]);
const person = (trait: string) => summary.people.find((p) => p.trait === trait)!;

for (const view of VIEWS) {
  describe(`the ${view} view`, () => {
    let players: Map<string, RawPlayer>;
    before(() => {
      players = viewOf(view);
    });

    it('lists exactly its visible players under their most recent network name', async () => {
      const { body } = await get('/v1/players?limit=500', view);
      assert.deepEqual(body.data.map((p: any) => `${p.uuid} ${p.name}`).sort(), [...players.values()].map((p) => `${p.uuid} ${p.name}`).sort());
      const server = await get('/v1/server', view);
      assert.equal(server.body.data.players.total, players.size);
    });

    it('ranks every leaderboard and total by the summed counters', async () => {
      const totals = await get('/v1/totals?limit=500', view);
      for (const stat of STATS) {
        const { body } = await get(`/v1/stats/${stat}?limit=500`, view);
        assert.deepEqual(body.data.map((e: any) => `${e.player.uuid} ${e.value} ${e.rank}`).sort(), expectedBoard(players.values(), stat), stat);
        const total = [...players.values()].filter(ranked).reduce((sum, p) => sum + valueOf(p, stat), 0);
        assert.equal(totals.body.data.find((t: any) => t.id === stat).total.value, total, `total of ${stat}`);
      }
    });

    it("gives each player's profile, statistics and first-seen from the sums and the earliest times", async () => {
      for (const p of players.values()) {
        const profile = await get(`/v1/players/${p.uuid}`, view);
        assert.equal(profile.body.data.name, p.name);
        const stats = await get(`/v1/players/${p.uuid}/stats?limit=500`, view);
        for (const stat of ['play_time', 'jump', 'killed_zombified_piglin']) {
          const entry = stats.body.data.stats.find((s: any) => s.id === stat);
          assert.equal(entry?.value ?? 0, valueOf(p, stat), `${p.name} ${stat}`);
        }
        const milestones = await get(`/v1/players/${p.uuid}/milestones`, view);
        assert.equal(milestones.body.data.first_seen, iso(p.earliest), `${p.name} first seen`);
        const stone = milestones.body.data.beats.find((b: any) => b.advancement.id === 'minecraft:story/mine_stone');
        const held = p.advancements.get('minecraft:story/mine_stone');
        assert.equal(stone.completed_at, held?.done ? iso(held.doneAt!) : null, `${p.name} mine_stone`);
      }
    });

    it('counts an advancement\'s holders wherever they earned it, first_by the earliest anywhere', async () => {
      for (const id of ADVANCEMENTS) {
        const holders = [...players.values()].filter((p) => p.advancements.get(`minecraft:${id}`)?.done);
        const { body } = await get(`/v1/advancements/${id}`, view);
        assert.equal(body.data.completed_by, holders.length, id);
        const list = await get(`/v1/advancements/${id}/holders?limit=500`, view);
        assert.deepEqual(
          list.body.data.map((h: any) => `${h.player.uuid} ${h.completed_at}`).sort(),
          holders.map((p) => `${p.uuid} ${iso(p.advancements.get(`minecraft:${id}`)!.doneAt!)}`).sort(),
          id,
        );
        if (holders.length > 0) {
          const first = Math.min(...holders.map((p) => p.advancements.get(`minecraft:${id}`)!.doneAt!));
          assert.equal(list.body.data[0].completed_at, iso(first), `${id} first`);
        }
      }
      const feed = await get('/v1/feed?limit=1', view);
      const newest = Math.max(...[...players.values()].flatMap((p) => [...p.advancements].filter(([id, a]) => a.done && !id.includes('recipes/')).map(([, a]) => a.doneAt!)));
      assert.equal(feed.body.data[0].completed_at, iso(newest));
    });

    it('awards medals and crowns from the summed leaderboards of all 217 statistics', async () => {
      const medals = new Map<string, { gold: number; silver: number; bronze: number }>();
      for (const def of statCatalogue) {
        for (const line of expectedBoard(players.values(), def.id)) {
          const [uuid, , rank] = line.split(' ') as [string, string, string];
          const m = medals.get(uuid) ?? { gold: 0, silver: 0, bronze: 0 };
          if (rank === '1') m.gold++;
          else if (rank === '2') m.silver++;
          else if (rank === '3') m.bronze++;
          else continue;
          medals.set(uuid, m);
        }
      }
      const { body } = await get('/v1/hall-of-fame?limit=500', view);
      assert.deepEqual(
        body.data.map((e: any) => `${e.player.uuid} ${e.medals.gold}/${e.medals.silver}/${e.medals.bronze} ${e.crown_score}`).sort(),
        [...medals].map(([uuid, m]) => `${uuid} ${m.gold}/${m.silver}/${m.bronze} ${m.gold * 4 + m.silver * 2 + m.bronze}`).sort(),
      );
    });

    it('compares, badges and picks at random from the same figures', async () => {
      const [a, b] = [...players.values()].sort((x, y) => valueOf(y, 'jump') - valueOf(x, 'jump'));
      const compared = await get(`/v1/compare?players=${a!.uuid},${b!.uuid}&stats=jump`, view);
      const jump = compared.body.data.stats.find((s: any) => s.id === 'jump');
      assert.deepEqual([jump.players[a!.uuid].value, jump.players[b!.uuid].value], [valueOf(a!, 'jump'), valueOf(b!, 'jump')]);
      const badge = await get(`/v1/badge/player/${a!.uuid}.svg?stat=jump`, view);
      assert.equal(badge.status, 200);
      assert.match(badge.text, new RegExp(valueOf(a!, 'jump').toLocaleString('en-US')));
      const random = await get('/v1/random/player', view);
      assert.ok(players.has(random.body.data.player?.uuid ?? random.body.data.uuid));
    });

    it('hides the player banned on creative only, on every page', async () => {
      const banned = person('banned_on_creative');
      assert.equal((await get(`/v1/players/${banned.uuid}`, view)).status, 404);
      assert.equal((await get(`/v1/badge/player/${banned.uuid}.svg`, view)).status, 404);
      assert.equal((await get('/v1/server', view)).body.data.hiding.hidden_players, view === 'skyblock' ? 0 : 1);
    });
  });
}

describe('one server\'s view', () => {
  it('keeps server= in links, next and previous', async () => {
    const player = person('everywhere');
    const profile = await get(`/v1/players/${player.uuid}`, 'skyblock');
    assert.match(profile.body.data.links.profile, /[?&]server=skyblock/);
    const page = await get('/v1/stats/jump?limit=2&offset=2', 'skyblock');
    assert.match(page.body.meta.pagination.next, /[?&]server=skyblock/);
    assert.match(page.body.meta.pagination.previous, /[?&]server=skyblock/);
    const list = await get('/v1/stats?limit=1', 'skyblock');
    assert.match(list.body.data[0].leaderboard ?? JSON.stringify(list.body.data[0]), /server=skyblock/);
  });

  it('names the most recent name even where the player was last seen under an older one', async () => {
    const player = person('everywhere');
    const profile = await get(`/v1/players/${player.uuid}`, 'survival');
    assert.equal(profile.body.data.name, player.name);
  });

  it('answers an unknown or repeated server with a 400 problem naming server (an SVG badge on embeds)', async () => {
    for (const path of ['/v1/stats/jump?server=lobby', '/v1/stats?server=survival&server=creative']) {
      const response = await router.fetch(new Request(`http://stats.test${path}`));
      assert.equal(response.status, 400);
      const problem = await response.json();
      assert.equal(problem.parameter, 'server');
      assert.match(problem.detail, /survival, creative, skyblock/);
    }
    const badge = await router.fetch(new Request('http://stats.test/v1/badge/server.svg?server=lobby'));
    assert.equal(badge.status, 400);
    assert.match(badge.headers.get('content-type')!, /svg/);
  });

  it('answers activity with a 503 until the server has its own record', async () => {
    assert.equal((await get('/v1/activity', 'survival')).status, 503);
  });
});

describe('the network\'s OpenAPI document', () => {
  it('describes server on every operation and validates every answer above, in both views', async () => {
    const { body: document } = await get('/openapi.json', 'network');
    assert.deepEqual(await documentErrors(document), []);
    for (const [path, item] of Object.entries<any>(document.paths)) {
      const server = item.get.parameters.find((p: any) => p.name === 'server');
      assert.deepEqual(server?.schema.enum, ['survival', 'creative', 'skyblock'], path);
      assert.ok(item.get.responses['400'], `${path} documents the 400`);
    }
    const info = await get('/v1/server', 'creative');
    assert.deepEqual(info.body.data.servers.map((s: any) => s.id), ['survival', 'creative', 'skyblock']);
    assert.equal(info.body.data.server, 'creative');
    assert.equal((await get('/v1/server', 'network')).body.data.server, null);
    const check = responseValidator(document);
    const mismatches = exchanges.flatMap((e) => check(e).map((m) => `${e.url}: ${m}`));
    assert.ok(exchanges.length > 400, `${exchanges.length} exchanges`);
    assert.deepEqual(mismatches.slice(0, 10), []);
  });
});
