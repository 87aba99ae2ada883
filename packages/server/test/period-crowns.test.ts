/**
 * Issue 41 through `router.fetch`: `period` on the hall of fame and compare, and the player of the
 * week and month (`/v1/crowns`), with their 400s and 503s, every answer checked against
 * /openapi.json. The expected values are worked out by hand from the readings below.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { periodHallOfFame, serverDay, StatHistory, statCatalogue } from '@blockstats/core';
import { api, BASE, problemCode } from './harness.js';
import { fixtureSnapshot, NOW, uuids } from './fixture.js';
import { responseValidator } from './openapiValidator.js';

const TODAY = serverDay(NOW, 'UTC'); // Wednesday 2026-11-18
const column = (id: string) => statCatalogue.findIndex((s) => s.id === id);
const JUMP = column('jump');
const PLAY = column('play_time');
const DEATHS = column('deaths');

/**
 * Last week (9-15 November) Steve out-jumps and out-plays Alex; this week Alex jumps more and
 * Steve plays more, and Steve dies once.
 */
function history(): StatHistory {
  const h = new StatHistory(statCatalogue.map((s) => s.id));
  const reading = (jump: number, hours: number, deaths: number) => {
    const row = new Float64Array(statCatalogue.length);
    row[JUMP] = jump;
    row[PLAY] = hours * 72_000;
    row[DEATHS] = deaths;
    return row;
  };
  const days: Array<[number, [number, number, number], [number, number, number]]> = [
    [TODAY - 9, [1000, 10, 0], [1000, 10, 0]], // Monday 9 November: the first readings (baselines)
    [TODAY - 8, [1300, 14, 0], [1100, 11, 0]], // last week: Steve +300 jumps +4 h, Alex +100 +1 h
    [TODAY - 2, [1310, 15, 0], [1150, 12, 0]], // Monday 16: Steve +10 +1 h, Alex +50 +1 h
    [TODAY, [1320, 18, 1], [1500, 13, 0]], // Wednesday: Steve +10 +3 h +1 death, Alex +350 +1 h
  ];
  for (const [day, steve, alex] of days) {
    h.read(day, uuids.steve, reading(...steve));
    h.read(day, uuids.alex, reading(...alex));
    if (day < TODAY) h.closeToday();
  }
  return h;
}

const h = history();
const { get } = api({ statHistory: () => [h] });
const row = (e: any) => [e.rank, e.player.name, e.crown_score, e.medals.gold, e.medals.silver, e.medals.bronze];

describe('GET /v1/hall-of-fame?period=', () => {
  it('gives medals for the places on every period board and ranks them by crown score', async () => {
    const { status, body } = await get('/v1/hall-of-fame?period=week');
    assert.equal(status, 200);
    // jump: Alex 400 gold, Steve 20 silver; play_time: Steve 4 h gold, Alex 2 h silver; deaths: Steve gold.
    assert.deepEqual(body.data.map(row), [[1, 'Steve', 10, 2, 1, 0], [2, 'Alex', 6, 1, 1, 0]]);
    assert.deepEqual(body.meta.period, { name: 'week', from: '2026-11-16', to: '2026-11-18', recording_since: '2026-11-09' });
    assert.deepEqual(body.meta.crown_weights, { gold: 4, silver: 2, bronze: 1 });
  });

  it('a period of closed days keeps its medals across pulls only while the same players may place', () => {
    const snapshot = fixtureSnapshot();
    const names = (snap: typeof snapshot) => periodHallOfFame(snap, [h], { period: 'last_week' }).items.map((e) => [e.player.name, e.crown_score]);
    const before = names(snapshot);
    assert.deepEqual(before[0], ['Steve', 8]);
    // A pull: a new snapshot of the same players, then one where Steve no longer ranks.
    assert.deepEqual(names({ ...snapshot, players: [...snapshot.players] }), before);
    const unranked = { ...snapshot, players: snapshot.players.map((p) => (p.uuid === uuids.steve ? { ...p, ranked: false } : p)) };
    assert.deepEqual(names(unranked)[0], ['Alex', 8], 'Alex takes both golds');
    assert.deepEqual(names({ ...snapshot, players: [...snapshot.players] }), before);
  });

  it('ranks last week\'s gains alone', async () => {
    const { body } = await get('/v1/hall-of-fame?period=last_week');
    // Last week Steve wins jump and play time: Alex silver in both.
    assert.deepEqual(body.data.map(row), [[1, 'Steve', 8, 2, 0, 0], [2, 'Alex', 4, 0, 2, 0]]);
    assert.equal(body.meta.period.from, '2026-11-09');
  });

  it('pages like the all-time hall of fame', async () => {
    const { body } = await get('/v1/hall-of-fame?period=30d&limit=1&offset=1');
    assert.deepEqual(body.data.map((e: any) => e.player.name), ['Alex']);
    assert.equal(body.meta.pagination.total, 2);
    assert.match(body.meta.pagination.previous, /period=30d/);
  });

  it('leaves the all-time answer byte for byte as it was', async () => {
    const withHistory = await get('/v1/hall-of-fame');
    const without = await api().get('/v1/hall-of-fame');
    assert.equal(withHistory.text, without.text);
    assert.equal('period' in withHistory.body.meta, false);
  });

  it('answers 400 naming period, and 503 while no stat history is recorded', async () => {
    for (const bad of ['fortnight', '2026-W99', '2026-13']) {
      const { status, body } = await get(`/v1/hall-of-fame?period=${bad}`);
      assert.equal(status, 400, bad);
      assert.equal(body.parameter, 'period');
    }
    const none = await api().get('/v1/hall-of-fame?period=week');
    assert.equal(none.status, 503);
    assert.equal(problemCode(none.body), 'unavailable');
  });
});

describe('GET /v1/compare?period=', () => {
  it('compares the gains over the period with the ranks on the period boards', async () => {
    const { status, body } = await get('/v1/compare?players=Steve,Alex&period=week');
    assert.equal(status, 200);
    const stats = Object.fromEntries(body.data.stats.map((st: any) => [st.id, st]));
    // The stats either gained in, in catalogue order.
    assert.deepEqual(Object.keys(stats), statCatalogue.map((st) => st.id).filter((id) => ['deaths', 'jump', 'play_time'].includes(id)));
    assert.equal(stats.jump.players[uuids.alex].value, 400);
    assert.equal(stats.jump.players[uuids.alex].rank, 1);
    assert.equal(stats.jump.players[uuids.steve].value, 20);
    assert.equal(stats.jump.players[uuids.steve].rank, 2);
    assert.equal(stats.jump.winner, uuids.alex);
    assert.equal(stats.deaths.players[uuids.alex].value, 0);
    assert.equal(stats.deaths.players[uuids.alex].rank, null);
    assert.deepEqual(body.data.tally, { wins: { [uuids.steve]: 2, [uuids.alex]: 1 }, ties: 0, winner: uuids.steve });
    assert.deepEqual(body.meta.period, { name: 'week', from: '2026-11-16', to: '2026-11-18', recording_since: '2026-11-09' });
  });

  it('with ids keeps exactly those stats, in the order given, zeros included', async () => {
    const { body } = await get('/v1/compare?players=Alex,Steve&period=last_week&ids=walk_one_cm,jump');
    assert.deepEqual(body.data.stats.map((st: any) => [st.id, st.winner]), [['walk_one_cm', null], ['jump', uuids.steve]]);
    assert.deepEqual(body.data.tally.ties, 1);
  });

  it('leaves the all-time answer byte for byte as it was', async () => {
    const path = '/v1/compare?players=Steve,Alex';
    assert.equal((await get(path)).text, (await api().get(path)).text);
  });

  it('answers 400 naming period or players, 404 for an unknown player', async () => {
    const bad = await get('/v1/compare?players=Steve,Alex&period=soon');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.parameter, 'period');
    assert.equal((await get('/v1/compare?players=Steve,Steve&period=week')).body.parameter, 'players');
    assert.equal((await get('/v1/compare?players=Steve,Nobody&period=week')).status, 404);
  });
});

describe('GET /v1/crowns', () => {
  it('crowns the first of each period\'s hall of fame: this and last week, this and last month', async () => {
    const { status, body } = await get('/v1/crowns');
    assert.equal(status, 200);
    assert.deepEqual(body.data.map((c: any) => [c.period.name, c.period.from, c.period.to, c.players.map(row)]), [
      ['week', '2026-11-16', '2026-11-18', [[1, 'Steve', 10, 2, 1, 0]]],
      ['last_week', '2026-11-09', '2026-11-15', [[1, 'Steve', 8, 2, 0, 0]]],
      ['month', '2026-11-01', '2026-11-18', [[1, 'Steve', 10, 2, 1, 0]]],
      ['last_month', '2026-10-01', '2026-10-31', []],
    ]);
    assert.equal(body.meta.recording_since, '2026-11-09');
  });

  it('shares the crown on a tie', async () => {
    const tie = new StatHistory(statCatalogue.map((s) => s.id));
    const reading = (jump: number, hours: number) => {
      const r = new Float64Array(statCatalogue.length);
      r[JUMP] = jump;
      r[PLAY] = hours * 72_000;
      return r;
    };
    tie.read(TODAY - 1, uuids.steve, reading(0, 10));
    tie.read(TODAY - 1, uuids.alex, reading(0, 10));
    tie.closeToday();
    tie.read(TODAY, uuids.steve, reading(50, 12)); // Steve: jump gold, play time silver
    tie.read(TODAY, uuids.alex, reading(10, 13)); // Alex: play time gold, jump silver
    const { body } = await api({ statHistory: () => [tie] }).get('/v1/crowns');
    assert.deepEqual(body.data[0].players.map(row), [[1, 'Alex', 6, 1, 1, 0], [1, 'Steve', 6, 1, 1, 0]]);
  });

  it('answers 503 while no stat history is recorded', async () => {
    assert.equal((await api().get('/v1/crowns')).status, 503);
  });
});

describe('the period answers against the OpenAPI document', () => {
  it('every answer conforms', async () => {
    const { body: document } = await get('/openapi.json');
    const check = responseValidator(document);
    const mismatches: string[] = [];
    for (const path of ['/v1/hall-of-fame?period=week', '/v1/hall-of-fame?period=nope', '/v1/hall-of-fame', '/v1/compare?players=Steve,Alex&period=month', '/v1/compare?players=Steve,Alex', '/v1/crowns']) {
      const res = await get(path);
      mismatches.push(...check({ method: 'GET', url: `${BASE}${path}`, status: res.status, headers: res.headers, text: res.text }));
    }
    assert.deepEqual(mismatches, []);
  });
});

describe('periods on a network: each server\'s history, and their sum for the network', () => {
  /** One server's days: each player's jumps gained on 18 November there. */
  function serverHistory(steveJumps: number, alexJumps: number): StatHistory {
    const one = new StatHistory(statCatalogue.map((s) => s.id));
    const reading = (jump: number) => {
      const r = new Float64Array(statCatalogue.length);
      r[JUMP] = jump;
      return r;
    };
    one.read(TODAY - 2, uuids.steve, reading(0));
    one.read(TODAY - 2, uuids.alex, reading(0));
    one.closeToday();
    one.read(TODAY, uuids.steve, reading(steveJumps));
    one.read(TODAY, uuids.alex, reading(alexJumps));
    return one;
  }
  const survival = serverHistory(300, 100); // Steve jumps most on survival
  const creative = serverHistory(10, 250); // Alex on creative; on the network Alex 350 > Steve 310
  const snapshot = fixtureSnapshot();
  const { get: net } = api({
    statHistory: () => [survival, creative],
    servers: [
      { id: 'survival', name: 'Survival', snapshot: () => snapshot, statHistory: () => [survival] },
      { id: 'creative', name: 'Creative', snapshot: () => snapshot, statHistory: () => [creative] },
    ],
  });
  const gold = async (path: string) => (await net(path)).body.data.filter((e: any) => e.medals.gold > 0).map((e: any) => e.player.name);

  it('the hall of fame of the week per server and for the network', async () => {
    assert.deepEqual(await gold('/v1/hall-of-fame?period=week&server=survival'), ['Steve']);
    assert.deepEqual(await gold('/v1/hall-of-fame?period=week&server=creative'), ['Alex']);
    assert.deepEqual(await gold('/v1/hall-of-fame?period=week'), ['Alex']);
  });

  it('compare sums the servers\' gains for the network', async () => {
    const network = (await net('/v1/compare?players=Steve,Alex&period=week&ids=jump')).body.data.stats[0];
    assert.deepEqual([network.players[uuids.steve].value, network.players[uuids.alex].value, network.winner], [310, 350, uuids.alex]);
    const alone = (await net('/v1/compare?players=Steve,Alex&period=week&ids=jump&server=survival')).body.data.stats[0];
    assert.deepEqual([alone.players[uuids.steve].value, alone.players[uuids.alex].value, alone.winner], [300, 100, uuids.steve]);
  });

  it('crowns per server and for the network', async () => {
    const names = async (path: string) => (await net(path)).body.data[0].players.map((e: any) => e.player.name);
    assert.deepEqual(await names('/v1/crowns?server=survival'), ['Steve']);
    assert.deepEqual(await names('/v1/crowns?server=creative'), ['Alex']);
    assert.deepEqual(await names('/v1/crowns'), ['Alex']);
  });
});
