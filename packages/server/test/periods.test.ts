/**
 * Issue 41 through `router.fetch`: `period` on leaderboards and totals, a player's weekly series,
 * the server's daily totals, their 400s and 503s, every answer checked against /openapi.json.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serverDay, StatHistory, statCatalogue } from '@blockstats/core';
import { api, BASE, problemCode } from './harness.js';
import { NOW, uuids } from './fixture.js';
import { responseValidator } from './openapiValidator.js';

const TODAY = serverDay(NOW, 'UTC'); // Wednesday 2026-11-18
const column = (id: string) => statCatalogue.findIndex((s) => s.id === id);
const JUMP = column('jump');
const PLAY = column('play_time');

/** Steve and Alex jump on Monday to Wednesday; Alex overtakes Steve on Wednesday. */
function history(): StatHistory {
  const h = new StatHistory(statCatalogue.map((s) => s.id));
  const reading = (jump: number, hours: number) => {
    const row = new Float64Array(statCatalogue.length);
    row[JUMP] = jump;
    row[PLAY] = hours * 72_000;
    return row;
  };
  const days: Array<[number, [number, number], [number, number]]> = [
    [TODAY - 3, [1000, 10], [1000, 10]], // Sunday: the first readings (baselines)
    [TODAY - 2, [1100, 12], [1050, 11]], // Monday
    [TODAY - 1, [1200, 14], [1100, 12]],
    [TODAY, [1210, 15], [1400, 13]],
  ];
  for (const [day, steve, alex] of days) {
    h.read(day, uuids.steve, reading(...steve));
    h.read(day, uuids.alex, reading(...alex));
    if (day < TODAY) h.closeToday();
  }
  return h;
}

describe('GET /v1/stats/{stat_id}?period=', () => {
  const h = history();
  const { get } = api({ statHistory: () => [h] });

  it('ranks the gains over the week with rank changes against the day before', async () => {
    const { status, body } = await get('/v1/stats/jump?period=week');
    assert.equal(status, 200);
    assert.deepEqual(body.data.map((e: any) => [e.player.name, e.value, e.rank, e.previous_rank, e.rank_change]), [
      ['Alex', 400, 1, 2, 1],
      ['Steve', 210, 2, 1, -1],
    ]);
    assert.deepEqual(body.meta.period, { name: 'week', from: '2026-11-16', to: '2026-11-18', recording_since: '2026-11-15' });
  });

  it('leaves every all-time answer as it was (no period fields)', async () => {
    const withHistory = (await get('/v1/stats/jump')).body;
    const without = (await api().get('/v1/stats/jump')).body;
    assert.deepEqual(withHistory, without);
    assert.equal('previous_rank' in withHistory.data[0], false);
  });

  it('ranks per hour played with a minimum of hours', async () => {
    const { body } = await get('/v1/stats/jump?period=7d&per=hour&min_hours=2.5');
    // Steve: 210 jumps in 5 h = 42/h; Alex: 400 in 3 h = 133.3/h.
    assert.deepEqual(body.data.map((e: any) => [e.player.name, Math.round(e.value * 10) / 10, e.hours_played]), [['Alex', 133.3, 3], ['Steve', 42, 5]]);
    const strict = (await get('/v1/stats/jump?period=7d&per=hour&min_hours=4')).body;
    assert.deepEqual(strict.data.map((e: any) => e.player.name), ['Steve']);
  });

  it('says "per hour" with one decimal, in English and translated (lang or Accept-Language)', async () => {
    const displays = async (path: string, init?: RequestInit) => (await get(path, init)).body.data.map((e: any) => e.display);
    assert.deepEqual(await displays('/v1/stats/jump?period=7d&per=hour&min_hours=2.5'), ['133.3 per hour', '42.0 per hour']);
    assert.deepEqual(await displays('/v1/stats/jump?period=7d&per=hour&min_hours=2.5&lang=de'), ['133,3 pro Stunde', '42,0 pro Stunde']);
    assert.deepEqual(await displays('/v1/stats/jump?period=7d&per=hour&min_hours=2.5', { headers: { 'accept-language': 'de-DE,de;q=0.9' } }), ['133,3 pro Stunde', '42,0 pro Stunde']);
    // Play time per hour played is an hour an hour: a time unit, one decimal too.
    assert.deepEqual(await displays('/v1/stats/play_time?period=7d&per=hour'), ['1.0 h per hour', '1.0 h per hour']);
    assert.deepEqual(await displays('/v1/stats/play_time?period=7d&per=hour&lang=de'), ['1,0 Std. pro Stunde', '1,0 Std. pro Stunde']);
    // Every language says it its own way; the same board's gains (not per hour) keep the plain display.
    const phrases = new Set<string>();
    for (const tag of ['en', 'de', 'fr', 'es', 'pt-BR', 'ru', 'pl', 'zh-CN', 'tr', 'ja']) {
      const [alex] = await displays(`/v1/stats/jump?period=7d&per=hour&min_hours=2.5&lang=${tag}`);
      assert.match(alex, /133[.,]3/, tag);
      phrases.add(alex.replace(/133[.,]3/, ''));
      const [total] = await displays(`/v1/stats/jump?period=7d&lang=${tag}`);
      assert.match(total, /^\d+$/, `${tag}: a total has no phrase`);
    }
    assert.equal(phrases.size, 10 - 1, 'es and pt-BR both say "por hora"; every other language its own');
  });

  it('newcomers=true lists only those new on the board since the day before', async () => {
    const { body } = await get('/v1/stats/jump?period=2026-11-18&newcomers=true'.replace('2026-11-18', '2026-11'));
    assert.equal(body.meta.period.from, '2026-11-01');
    assert.ok(body.data.every((e: any) => e.previous_rank === null));
  });

  it('answers 400 naming period for a period it does not know', async () => {
    for (const bad of ['fortnight', '2026-W99', '2026-13', 'x'.repeat(300)]) {
      const { status, body } = await get(`/v1/stats/jump?period=${encodeURIComponent(bad)}`);
      assert.equal(status, 400, bad);
      assert.equal(body.parameter, 'period');
    }
  });

  it('answers 503 while no stat history is recorded, and 404 for an unknown stat', async () => {
    const none = await api().get('/v1/stats/jump?period=week');
    assert.equal(none.status, 503);
    assert.equal(problemCode(none.body), 'unavailable');
    assert.equal((await get('/v1/stats/nope?period=week')).status, 404);
  });

  it('totals, the weekly series and the daily totals', async () => {
    const totals = (await get('/v1/totals?period=week&search=jump')).body;
    assert.equal(totals.data.find((t: any) => t.id === 'jump').total.value, 610);
    const series = (await get('/v1/players/Alex/history?stat=jump')).body;
    assert.deepEqual(series.data.map((w: any) => [w.week, w.value]), [['2026-W46', 0], ['2026-W47', 400]]);
    const daily = (await get('/v1/stats/jump/daily?period=7d')).body;
    assert.deepEqual(daily.data.map((d: any) => [d.date, d.value, d.players]), [['2026-11-15', 0, 0], ['2026-11-16', 150, 2], ['2026-11-17', 150, 2], ['2026-11-18', 310, 2]]);
    assert.equal((await get('/v1/players/Alex/history?stat=nope')).status, 404);
  });

  it('every answer conforms to the OpenAPI document', async () => {
    const { body: document } = await get('/openapi.json');
    const check = responseValidator(document);
    const mismatches: string[] = [];
    for (const path of ['/v1/stats/jump?period=week', '/v1/stats/jump?period=7d&per=hour', '/v1/stats/jump?period=bad', '/v1/totals?period=month', '/v1/players/Steve/history', '/v1/stats/play_time/daily', '/v1/stats/jump/daily?period=nope']) {
      const res = await get(path);
      mismatches.push(...check({ method: 'GET', url: `${BASE}${path}`, status: res.status, headers: res.headers, text: res.text }));
    }
    assert.deepEqual(mismatches, []);
  });
});
