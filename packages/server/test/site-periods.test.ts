/**
 * Issue 41 on the site: the period switch on leaderboards, totals, the hall of fame and compare
 * (links, kept in the pager, the form and the JSON link, a bad `period` is the 400 page), the
 * rank movement arrows against the API's `rank_change`, the players of the week and month on
 * the home page against `/v1/crowns`, a profile's weekly history charts against
 * `/v1/players/{p}/history`, per hour played on a period board against `/v1/stats/{id}?per=hour`
 * (issue 39), and every page before any history is recorded.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSnapshot, serverDay, StatHistory, statCatalogue, type PlayerSave } from '@blockstats/core';
import { en } from '../src/site/messages.js';
import { translations } from '../src/i18n/translations.js';
import { BUILT_AT, fixtureSave, NOW, uuids } from './fixture.js';
import { api } from './harness.js';

const HTML = { accept: 'text/html' };
const TODAY = serverDay(NOW, 'UTC'); // Wednesday 2026-11-18
const JUMP = statCatalogue.findIndex((s) => s.id === 'jump');
const PLAY = statCatalogue.findIndex((s) => s.id === 'play_time');
/** Extra players, enough for a second page of a period board (100 a page). */
const CROWD = Array.from({ length: 110 }, (_, i) => `bbbbbbbb-0000-4000-8000-${String(i).padStart(12, '0')}`);

function reading(jump: number, hours: number): Float64Array {
  const row = new Float64Array(statCatalogue.length);
  row[JUMP] = jump;
  row[PLAY] = hours * 72_000;
  return row;
}

/**
 * Ten days of history ending today: Steve and Alex jump and play every day (Alex overtakes Steve
 * today), the crowd jumps a little, one of them only from today (a newcomer).
 */
function history(): StatHistory {
  const h = new StatHistory(statCatalogue.map((s) => s.id));
  for (let d = 9; d >= 0; d--) {
    const day = TODAY - d;
    const n = 9 - d;
    h.read(day, uuids.steve, reading(1000 + 100 * n, 10 + 2 * n));
    h.read(day, uuids.alex, reading(1000 + (d === 0 ? 2000 : 90 * n), 10 + n));
    CROWD.forEach((uuid, i) => {
      if (i === 0 && d > 1) return; // first read yesterday: gains only today
      h.read(day, uuid, reading(500 + n * (i + 1), 1 + n));
    });
    if (d > 0) h.closeToday();
  }
  return h;
}

/** The fixture's save with the crowd added (copies of Alex under other ids and names). */
function crowdSnapshot() {
  const save = fixtureSave();
  const template = save.players.find((p) => p.uuid === uuids.alex)!;
  CROWD.forEach((uuid, i) => save.players.push({ ...template, uuid, name: `Crowd${i}`, files: { ...template.files } } as PlayerSave));
  return buildSnapshot(save, { now: BUILT_AT });
}

const snapshot = crowdSnapshot();
const h = history();
const withHistory = () => api({ site: { externalImages: false }, snapshot: () => snapshot, statHistory: () => [h] });

/** The `href`s of the period switch, by its `data-period`. */
function switchLinks(html: string): Record<string, { href: string; current: boolean }> {
  const nav = html.slice(html.indexOf('<nav class="periods"'), html.indexOf('</nav>', html.indexOf('<nav class="periods"')));
  assert.ok(nav.length > 0, 'the switch is on the page');
  const links: Record<string, { href: string; current: boolean }> = {};
  for (const m of nav.matchAll(/<a ([^>]*)>/g)) {
    const attrs = m[1]!;
    links[/data-period="([^"]+)"/.exec(attrs)![1]!] = { href: /href="([^"]+)"/.exec(attrs)![1]!.replaceAll('&amp;', '&'), current: attrs.includes('aria-current="page"') };
  }
  return links;
}

/** A table row's HTML by its `data-player`. */
function row(html: string, uuid: string): string {
  const start = html.indexOf(`data-player="${uuid}"`);
  assert.ok(start !== -1, `${uuid} on the page`);
  return html.slice(start, html.indexOf('</tr>', start));
}

describe('the period switch', () => {
  const { get } = withHistory();

  for (const base of ['/stats/jump', '/totals', '/hall-of-fame', '/compare?a=Steve&b=Alex', '/compare']) {
    it(`${base}: all time and five periods as plain links, the shown one marked`, async () => {
      const and = base.includes('?') ? '&' : '?';
      const all = switchLinks((await get(base, { headers: HTML })).text);
      assert.deepEqual(Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v.href])), {
        all: base,
        week: `${base}${and}period=week`,
        month: `${base}${and}period=month`,
        year: `${base}${and}period=year`,
        last_week: `${base}${and}period=last_week`,
        last_month: `${base}${and}period=last_month`,
      });
      assert.deepEqual(Object.entries(all).filter(([, v]) => v.current).map(([k]) => k), ['all']);
      const week = switchLinks((await get(`${base}${and}period=week`, { headers: HTML })).text);
      assert.deepEqual(Object.entries(week).filter(([, v]) => v.current).map(([k]) => k), ['week']);
    });
  }

  it('a period board keeps its period in the pager and the JSON link, and names it in the title', async () => {
    const page = (await get('/stats/jump?period=week', { headers: HTML })).text;
    assert.match(page, /href="\/v1\/stats\/jump\?period=week"/);
    assert.match(page, /<a href="\/stats\/jump\/page\/2\?period=week" rel="next">/);
    assert.match(page, /<title>Jumps · This week/);
    const second = await get('/stats/jump/page/2?period=week', { headers: HTML });
    assert.equal(second.status, 200);
    assert.match(second.text, /<a href="\/stats\/jump\?period=week" rel="prev">/);
    assert.equal(switchLinks(second.text).month!.href, '/stats/jump?period=month', 'the switch starts again at page 1');
  });

  it('an ISO week or month in the URL works too (the API takes it); nothing in the switch is marked', async () => {
    for (const period of ['2026-W47', '2026-11', '7d']) {
      const res = await get(`/stats/jump?period=${period}`, { headers: HTML });
      assert.equal(res.status, 200, period);
      assert.deepEqual(Object.values(switchLinks(res.text)).filter((v) => v.current), []);
    }
  });

  it('the totals keep the period in their links to the boards and in the search form', async () => {
    const page = (await get('/totals?period=month&q=jump', { headers: HTML })).text;
    assert.match(page, /href="\/stats\/jump\?period=month"/);
    assert.match(page, /<input type="hidden" name="period" value="month"\/?>/);
    assert.equal(switchLinks(page).week!.href, '/totals?period=week&q=jump');
    const { body } = await get('/v1/totals?period=month&search=jump');
    const jump = body.data.find((t: any) => t.id === 'jump');
    const cells = page.slice(page.indexOf('href="/stats/jump?period=month"'), page.indexOf('</tr>', page.indexOf('href="/stats/jump?period=month"')));
    assert.ok(cells.includes(`>${jump.total.display}<`), 'the period total is the API’s');
    assert.match(page, /href="\/v1\/totals\?period=month"/);
  });

  it('a period says which days it covers, and from when it counts when recording began inside it', async () => {
    const week = (await get('/stats/jump?period=week', { headers: HTML })).text;
    assert.match(week, /data-period-note="2026-11-16\/2026-11-18">Mon 16 Nov to Wed 18 Nov</);
    const month = (await get('/stats/jump?period=month', { headers: HTML })).text;
    assert.match(month, /Sun 1 Nov to Wed 18 Nov · Counted from Mon 9 Nov, when recording began\./);
    const before = await get('/stats/jump?period=last_month', { headers: HTML });
    assert.equal(before.status, 200);
    assert.match(before.text, /data-period-note="before">Recording began on Mon 9 Nov, after this period/);
    assert.ok(before.text.includes(en['period.emptyBoard']));
  });

  it('all time is the page as before: no movement column, no period note', async () => {
    const page = (await get('/stats/jump', { headers: HTML })).text;
    assert.ok(!page.includes('class="move'));
    assert.ok(!page.includes('data-period-note'));
    assert.match(page, /href="\/v1\/stats\/jump"/);
  });

  it('a bad period is the site’s 400 page naming the problem in the page’s language', async () => {
    const bad = ['/stats/jump?period=fortnight', '/stats/jump/page/2?period=2026-W99', '/totals?period=2026-13', `/stats/jump?period=${'x'.repeat(300)}`];
    for (const path of [...bad, '/hall-of-fame?period=fortnight', '/hall-of-fame/page/2?period=yesterday', '/compare?a=Steve&b=Alex&period=2026-W60', '/compare?period=nope']) {
      const res = await get(path, { headers: HTML });
      assert.equal(res.status, 400, path);
      assert.match(res.headers.get('content-type')!, /^text\/html/);
      assert.ok(res.text.includes('This address asks for a period the site does not know.'), path);
    }
    const german = await get('/stats/jump?period=fortnight&lang=de', { headers: HTML });
    assert.equal(german.status, 400);
    assert.ok(german.text.includes('Zeitraum, den die Seite nicht kennt'));
  });

  it('the static export has no switch (its pages have no query)', async () => {
    const { get: exported } = api({ site: { staticExport: true, externalImages: false }, snapshot: () => snapshot, statHistory: () => [h] });
    for (const path of ['/stats/jump', '/hall-of-fame']) {
      const page = (await exported(path, { headers: HTML })).text;
      assert.ok(!page.includes('class="periods"'), path);
    }
    const home = (await exported('/', { headers: HTML })).text;
    assert.match(home, /data-crown="week"><span class="grow"><strong>This week<\/strong>/, 'the crowns, their period not linked to a query the export cannot answer');
    assert.ok(!home.includes('period='));
  });
});

describe('rank movement', () => {
  const { get } = withHistory();

  it('each entry’s arrow is the API’s rank_change: ▲n, ▼n, = or new, with words for screen readers', async () => {
    const seen = new Set<string>();
    for (const page of [1, 2]) {
      const html = (await get(`/stats/jump${page > 1 ? `/page/${page}` : ''}?period=week`, { headers: HTML })).text;
      const { body } = await get(`/v1/stats/jump?period=week&limit=100&offset=${(page - 1) * 100}`);
      assert.ok(body.data.length > 0);
      for (const entry of body.data) {
        const cells = row(html, entry.player.uuid);
        const change = entry.rank_change;
        assert.ok(cells.includes(`data-change="${change ?? 'new'}"`), `${entry.player.name}: ${change}`);
        assert.ok(cells.includes(`>${entry.display}<`) && cells.includes(`>${entry.rank}<`));
        if (change === null) assert.match(cells, />new</);
        else if (change > 0) assert.match(cells, new RegExp(`>▲${change}<.*class="sr-only">Up ${change} place`));
        else if (change < 0) assert.match(cells, new RegExp(`>▼${-change}<.*class="sr-only">Down ${-change} place`));
        else assert.match(cells, /class="sr-only">Same rank/);
        seen.add(change === null ? 'new' : Math.sign(change).toString());
      }
    }
    assert.deepEqual([...seen].sort(), ['-1', '0', '1', 'new'], 'the fixture moves players up, down, not at all and in');
  });

  it('the labels are translated', async () => {
    const html = (await get('/stats/jump?period=week&lang=de', { headers: HTML })).text;
    assert.match(html, /class="sr-only">\d+ Plätze? nach oben seit dem Vortag/);
    assert.match((await get('/stats/jump/page/2?period=week&lang=de', { headers: HTML })).text, /data-change="new">neu</);
    for (const [tag, { messages }] of translations) {
      const page = await get(`/stats/jump?period=week&lang=${tag}`, { headers: HTML });
      assert.equal(page.status, 200, tag);
      assert.ok(page.text.includes(`>${messages['period.week'] as string}<`), `${tag}: the switch speaks it`);
    }
  });
});

/** The `href`s of the per-hour switch, by its `data-per`. */
function perLinks(html: string): Record<string, { href: string; current: boolean }> {
  const start = html.indexOf('<nav class="periods periods--per"');
  assert.ok(start !== -1, 'the per-hour switch is on the page');
  const nav = html.slice(start, html.indexOf('</nav>', start));
  const links: Record<string, { href: string; current: boolean }> = {};
  for (const m of nav.matchAll(/<a ([^>]*)>/g)) {
    const attrs = m[1]!;
    links[/data-per="([^"]+)"/.exec(attrs)![1]!] = { href: /href="([^"]+)"/.exec(attrs)![1]!.replaceAll('&amp;', '&'), current: attrs.includes('aria-current="page"') };
  }
  return links;
}

describe('per hour played on a period board (issues 39 and 41)', () => {
  const { get } = withHistory();

  it('a period board offers total and per hour as plain links keeping the period, the shown one marked', async () => {
    const total = perLinks((await get('/stats/jump?period=month', { headers: HTML })).text);
    assert.deepEqual(total, {
      total: { href: '/stats/jump?period=month', current: true },
      hour: { href: '/stats/jump?period=month&per=hour', current: false },
    });
    const page = (await get('/stats/jump?period=month&per=hour', { headers: HTML })).text;
    assert.deepEqual(Object.entries(perLinks(page)).filter(([, v]) => v.current).map(([k]) => k), ['hour']);
    assert.equal(switchLinks(page).week!.href, '/stats/jump?period=week&per=hour', 'another period stays per hour');
    assert.equal(switchLinks(page).all!.href, '/stats/jump', 'all time has no per hour');
    assert.ok(page.includes(en['perHour.note']), 'who qualifies is said');
    assert.match(page, /<title>Jumps · This month · Per hour played/, 'the title says it');
    assert.ok(!(await get('/stats/jump?period=month', { headers: HTML })).text.includes('data-per-note'), 'not on the total board');
  });

  it('all time has no per-hour switch', async () => {
    assert.ok(!(await get('/stats/jump', { headers: HTML })).text.includes('periods--per'));
  });

  it('the values are the API’s per hour played, in its order, over both pages', async () => {
    const { body } = await get('/v1/stats/jump?period=month&per=hour&limit=500');
    assert.ok(body.data.length > 100, 'the fixture fills two pages');
    const shown: [string, string, number][] = [];
    for (const path of ['/stats/jump?period=month&per=hour', '/stats/jump/page/2?period=month&per=hour']) {
      const html = (await get(path, { headers: HTML })).text;
      for (const m of html.matchAll(/<tr data-player="([^"]+)"><td>.*?<\/tr>/g)) {
        const rank = Number(/class="rank[^"]*">(\d+)</.exec(m[0])![1]);
        const display = /<td class="num">([^<]*)</.exec(m[0])![1]!;
        shown.push([m[1]!, display, rank]);
      }
    }
    assert.deepEqual(shown, body.data.map((e: any) => [e.player.uuid, e.display, e.rank]));
    assert.ok(body.data.every((e: any) => e.display.endsWith(' per hour')));
    const totals = (await get('/v1/stats/jump?period=month&limit=500')).body.data;
    assert.notDeepEqual(body.data.map((e: any) => e.player.uuid), totals.map((e: any) => e.player.uuid), 'per hour ranks differently from the totals');
  });

  it('the pager and the JSON link keep per=hour', async () => {
    const page = (await get('/stats/jump?period=month&per=hour', { headers: HTML })).text;
    assert.match(page, /href="\/v1\/stats\/jump\?period=month&amp;per=hour"/);
    assert.match(page, /<a href="\/stats\/jump\/page\/2\?period=month&amp;per=hour" rel="next">/);
    const second = (await get('/stats/jump/page/2?period=month&per=hour', { headers: HTML })).text;
    assert.match(second, /<a href="\/stats\/jump\?period=month&amp;per=hour" rel="prev">/);
    assert.equal(perLinks(second).total!.href, '/stats/jump?period=month', 'the switch starts again at page 1');
  });

  it('per other than hour, or per without a period, is the site’s 400 page in the page’s language', async () => {
    for (const path of ['/stats/jump?period=month&per=day', '/stats/jump?per=hour', '/stats/jump/page/2?per=hour', '/stats/jump?period=week&per=HOUR', `/stats/jump?period=week&per=${'x'.repeat(300)}`]) {
      const res = await get(path, { headers: HTML });
      assert.equal(res.status, 400, path);
      assert.match(res.headers.get('content-type')!, /^text\/html/);
      assert.ok(res.text.includes('This address asks to rank a leaderboard in a way the site does not know.'), path);
    }
    const german = await get('/stats/jump?per=hour&lang=de', { headers: HTML });
    assert.equal(german.status, 400);
    assert.ok(german.text.includes('Wertung der Rangliste, die die Seite nicht kennt'));
  });

  it('the static export offers no per hour', async () => {
    const { get: exported } = api({ site: { staticExport: true, externalImages: false }, snapshot: () => snapshot, statHistory: () => [h] });
    const page = (await exported('/stats/jump', { headers: HTML })).text;
    assert.ok(!page.includes('periods--per') && !page.includes('per=hour'));
  });

  it('every language names the switch and the note', async () => {
    for (const [tag, { messages }] of translations) {
      const page = await get(`/stats/jump?period=month&per=hour&lang=${tag}`, { headers: HTML });
      assert.equal(page.status, 200, tag);
      for (const key of ['perHour.total', 'perHour.perHour', 'perHour.note'] as const) assert.ok(page.text.includes(messages[key] as string), `${tag}: ${key}`);
    }
  });

  it('the values say per hour in the page’s language, as the API answers them in it', async () => {
    const german = (await get('/v1/stats/jump?period=month&per=hour&limit=500&lang=de')).body.data.map((e: any) => e.display);
    assert.ok(german.length > 0 && german.every((d: string) => /^(<0,1|\d[\d.]*,\d) pro Stunde$/.test(d)), german.join(' | '));
    const html = (await get('/stats/jump?period=month&per=hour&lang=de', { headers: HTML })).text;
    const shown = [...html.matchAll(/<td class="num">([^<]*)</g)].map((m) => m[1]);
    assert.ok(shown.length > 0);
    assert.deepEqual(shown, german.slice(0, shown.length));
  });
});

/** The cells of a compare row, by the statistic's link. */
function compareRow(html: string, href: string): string {
  const start = html.indexOf(`href="${href}"`);
  assert.ok(start !== -1, `${href} on the page`);
  return html.slice(start, html.indexOf('</tr>', start));
}

describe('the hall of fame over a period', () => {
  const { get } = withHistory();

  it('each period’s rows are the API’s: rank, player, crown score, medals', async () => {
    const all = (await get('/v1/hall-of-fame?limit=100')).body.data.map((e: any) => `${e.player.uuid} ${e.crown_score}`);
    for (const period of ['week', 'month', 'last_week', '2026-W46', '7d']) {
      const html = (await get(`/hall-of-fame?period=${period}`, { headers: HTML })).text;
      const { body } = await get(`/v1/hall-of-fame?period=${period}&limit=100`);
      assert.ok(body.data.length > 0, period);
      assert.notDeepEqual(body.data.map((e: any) => `${e.player.uuid} ${e.crown_score}`), all, 'the period differs from all time');
      assert.deepEqual([...html.matchAll(/<tr data-player="([^"]+)"/g)].map((m) => m[1]), body.data.map((e: any) => e.player.uuid), period);
      for (const entry of body.data) {
        const cells = row(html, entry.player.uuid);
        const numbers = [...cells.matchAll(/<td class="num[^"]*">(?:<strong>)?([^<]*)</g)].map((m) => m[1]);
        assert.deepEqual(numbers, [entry.crown_score, entry.medals.gold, entry.medals.silver, entry.medals.bronze].map(String), `${period} ${entry.player.name}`);
        assert.ok(cells.includes(`>${entry.rank}<`));
      }
    }
  });

  it('names its period, links its JSON, says which days it covers', async () => {
    const html = (await get('/hall-of-fame?period=week', { headers: HTML })).text;
    assert.match(html, /<title>Hall of fame · This week/);
    assert.match(html, /<h1>Hall of fame · This week<\/h1>/);
    assert.match(html, /class="json" href="\/v1\/hall-of-fame\?period=week"/);
    assert.match(html, /data-period-note="2026-11-16\/2026-11-18"/);
    assert.ok(html.includes('Medals on every leaderboard of gains over the period: 4 points for gold'));
    const before = (await get('/hall-of-fame?period=last_month', { headers: HTML })).text;
    assert.match(before, /data-period-note="before"/);
    assert.ok(before.includes(en['crowns.hofEmpty']));
  });

  it('all time is the hall of fame as before', async () => {
    const html = (await get('/hall-of-fame', { headers: HTML })).text;
    assert.match(html, /<h1>Hall of fame<\/h1>/);
    assert.match(html, /class="json" href="\/v1\/hall-of-fame"/);
    assert.ok(!html.includes('data-period-note'));
  });
});

describe('compare over a period', () => {
  const { get } = withHistory();

  it('each statistic’s values are the API’s gains over the period', async () => {
    for (const period of ['week', 'month', 'last_week']) {
      const html = (await get(`/compare?a=Steve&b=Alex&period=${period}`, { headers: HTML })).text;
      const { body } = await get(`/v1/compare?players=Steve,Alex&period=${period}`);
      const [steve, alex] = body.data.players.map((p: any) => p.uuid);
      assert.ok(body.data.stats.length > 0, period);
      const shown = [...html.matchAll(/<a href="\/stats\/([^"?]+)\?period=[^"]+">/g)].map((m) => m[1]);
      assert.deepEqual(shown, body.data.stats.map((stat: any) => stat.id), `${period}: the stats either player gained in, linked to their period boards`);
      for (const stat of body.data.stats) {
        const cells = compareRow(html, `/stats/${stat.id}?period=${period}`);
        const values = [...cells.matchAll(/<td class="num[^"]*" data-v="([^"]*)">([^<]*)</g)].map((m) => [Number(m[1]), m[2]]);
        const expected = [steve, alex].map((uuid) => [stat.players[uuid]?.value ?? 0, stat.players[uuid]?.display ?? '–']);
        assert.deepEqual(values, expected, `${period} ${stat.id}`);
      }
      const all = (await get('/v1/compare?players=Steve,Alex')).body.data;
      const jump = (data: any) => data.stats.find((s: any) => s.id === 'jump').players[steve].value;
      assert.notEqual(jump(body.data), jump(all), 'gains, not all-time values');
    }
  });

  it('keeps the players and the period in the switch, the form and the JSON link', async () => {
    const html = (await get('/compare?a=Steve&b=Alex&period=month', { headers: HTML })).text;
    assert.match(html, /<title>Steve vs Alex · This month/);
    assert.match(html, /<input type="hidden" name="period" value="month"\/?>/);
    assert.match(html, /href="\/v1\/compare\?players=Steve,Alex&amp;period=month"/);
    assert.ok(html.includes(en['crowns.compareGains']));
    assert.match(html, /Counted from Mon 9 Nov, when recording began\./);
    assert.equal(switchLinks(html).week!.href, '/compare?a=Steve&b=Alex&period=week');
    const all = (await get('/compare?a=Steve&b=Alex', { headers: HTML })).text;
    assert.ok(!all.includes('name="period"') && !all.includes(en['crowns.compareGains']));
  });

  it('a period in which neither gained says so; the form’s problems stay as they were', async () => {
    const before = await get('/compare?a=Steve&b=Alex&period=last_month', { headers: HTML });
    assert.equal(before.status, 200);
    assert.ok(before.text.includes(en['crowns.compareEmpty']));
    assert.match(before.text, /data-period-note="before"/);
    assert.equal((await get('/compare?a=Steve&b=Nobody&period=week', { headers: HTML })).status, 404);
    assert.equal((await get('/compare?a=Steve&b=Steve&period=week', { headers: HTML })).status, 400);
  });
});

describe('the players of the week and month', () => {
  const { get } = withHistory();

  it('the home page crowns whom /v1/crowns crowns, linked to their profiles, with the period', async () => {
    const html = (await get('/', { headers: HTML })).text;
    const { body } = await get('/v1/crowns');
    const crowned = body.data.filter((c: any) => c.players.length > 0);
    assert.ok(crowned.length >= 3 && crowned.length < body.data.length, 'the fixture crowns some periods, not the one before recording');
    assert.deepEqual([...html.matchAll(/data-crown="([^"]+)"/g)].map((m) => m[1]), crowned.map((c: any) => c.period.name));
    for (const crown of crowned) {
      const start = html.indexOf(`data-crown="${crown.period.name}"`);
      const item = html.slice(start, html.indexOf('</li>', start));
      assert.deepEqual([...item.matchAll(/href="\/players\/([^"]+)"/g)].map((m) => m[1]), crown.players.map((p: any) => p.player.name));
      assert.ok(item.includes(`href="/hall-of-fame?period=${crown.period.name}"`), 'to the period’s hall of fame');
      assert.ok(item.includes(`>${crown.players[0].crown_score} pts<`));
      assert.match(item, /class="[^"]*\bhead\b[^"]*"/, 'with the head');
    }
    assert.match(html, /data-crown="week"><span class="grow"><strong><a [^>]*>This week<\/a><\/strong> <span class="small muted">Mon 16 Nov to Wed 18 Nov</);
  });

  it('in every language', async () => {
    for (const [tag, { messages }] of translations) {
      const html = (await get(`/?lang=${tag}`, { headers: HTML })).text;
      assert.ok(html.includes(`>${messages['crowns.title'] as string}<`), tag);
      assert.ok(html.includes(`>${messages['period.lastWeek'] as string}<`), tag);
    }
  });
});

describe('no history yet', () => {
  const { get } = api({ site: { externalImages: false } });

  for (const path of ['/stats/jump?period=week', '/stats/jump?period=last_month', '/totals?period=year', '/hall-of-fame?period=month', '/compare?a=Steve&b=Alex&period=week']) {
    it(`${path}: the switch and a plain notice, not an error`, async () => {
      const res = await get(path, { headers: HTML });
      assert.equal(res.status, 200);
      assert.equal(Object.keys(switchLinks(res.text)).length, 6);
      assert.ok(res.text.includes(en['period.noHistory']));
      assert.ok(res.text.includes(en['period.noHistoryBoard']));
      assert.ok(!/href="\/v1\/[^"]*period=/.test(res.text), 'no link to the period’s JSON (a 503 until history is recorded)');
    });
  }

  it('in every language', async () => {
    for (const [tag, { messages }] of translations) {
      for (const path of ['/stats/jump?period=week', '/hall-of-fame?period=week', '/compare?a=Steve&b=Alex&period=last_week']) {
        const res = await get(`${path}&lang=${tag}`, { headers: HTML });
        assert.equal(res.status, 200, `${tag} ${path}`);
        assert.ok(res.text.includes(messages['period.noHistory'] as string), `${tag} ${path}`);
      }
      const home = await get(`/?lang=${tag}`, { headers: HTML });
      assert.equal(home.status, 200, tag);
      assert.ok(!home.text.includes(messages['crowns.title'] as string), `${tag}: no crowns on the home page`);
    }
  });

  it('the home page leaves the crowns out, no error and no empty box', async () => {
    const home = await get('/', { headers: HTML });
    assert.equal(home.status, 200);
    assert.equal((await get('/v1/crowns')).status, 503, 'the API has none to give');
    assert.ok(!home.text.includes('data-crown'));
    assert.match(home.text, /id="hof-title"/, 'the rest of the page is there');
  });

  it('a period comparison says so instead of the result; the hall of fame’s weights still lead', async () => {
    const compare = (await get('/compare?a=Steve&b=Alex&period=week', { headers: HTML })).text;
    assert.ok(!compare.includes('id="result"'));
    assert.match(compare, /<input type="hidden" name="period" value="week"\/?>/);
    const fame = (await get('/hall-of-fame?period=week', { headers: HTML })).text;
    assert.ok(fame.includes('4 points for gold'));
    assert.match(fame, /<h1>Hall of fame · This week<\/h1>/);
  });

  it('an unknown stat is still the 404, a bad period still the 400', async () => {
    assert.equal((await get('/stats/nope?period=week', { headers: HTML })).status, 404);
    assert.equal((await get('/stats/jump?period=nope', { headers: HTML })).status, 400);
    assert.equal((await get('/hall-of-fame?period=nope', { headers: HTML })).status, 400);
    assert.equal((await get('/compare?a=Steve&b=Alex&period=nope', { headers: HTML })).status, 400);
  });

  it('a profile shows no history section', async () => {
    const res = await get('/players/Steve', { headers: HTML });
    assert.equal(res.status, 200);
    assert.ok(!res.text.includes('id="history"'));
  });
});

describe('a profile’s weekly history', () => {
  const { get } = withHistory();

  it('charts play time and the player’s best statistics, week by week, as the API gives them', async () => {
    for (const name of ['Alex', 'Steve']) {
      const html = (await get(`/players/${name}`, { headers: HTML })).text;
      const profile = (await get(`/v1/players/${name}`)).body.data;
      // Play time, then the first three best ranks (of eight) that gained in the weeks recorded.
      const candidates = profile.top_ranks.map((r: any) => r.id).filter((id: string) => id !== 'play_time').slice(0, 8);
      const moved: string[] = [];
      for (const id of candidates) if ((await get(`/v1/players/${name}/history?stat=${id}`)).body.data.some((w: any) => w.value > 0)) moved.push(id);
      const expected = ['play_time', ...moved.slice(0, 3)];
      assert.ok(expected.includes('jump'), 'the fixture’s jumps are charted');
      const charted = [...html.matchAll(/data-history="([^"]+)"/g)].map((m) => m[1]);
      assert.deepEqual(charted, expected, name);
      for (const stat of expected) {
        const { body } = await get(`/v1/players/${name}/history?stat=${stat}`);
        const start = html.indexOf(`data-history="${stat}"`);
        const figure = html.slice(start, html.indexOf('</figure>', start));
        // The table beside the chart: a row per week, in order, with the API's display.
        const rows = [...figure.matchAll(/<tr><td>Week of ([^<]*)<\/td><td class="num">([^<]*)<\/td>/g)].map((m) => m[2]);
        assert.deepEqual(rows, body.data.map((w: any) => w.display), `${name} ${stat}`);
        const bars = [...figure.matchAll(/<rect class="b"[^>]* height="([\d.]+)"[^>]*><title>([^<]*)<\/title>/g)];
        assert.equal(bars.length, body.data.length);
        // Bar heights are proportional to the values: the biggest week has the tallest bar.
        const tallest = bars.reduce((best, bar, i) => (Number(bar[1]) > Number(bars[best]![1]) ? i : best), 0);
        const biggest = body.data.reduce((best: number, w: any, i: number) => (w.value > body.data[best].value ? i : best), 0);
        assert.equal(tallest, biggest, `${name} ${stat}`);
        bars.forEach((bar, i) => assert.ok(bar[2]!.endsWith(`: ${body.data[i].display}`), bar[2]));
      }
      assert.match(html, /<svg class="chart"[^>]* role="img" aria-label="Time Played gained in each of the last 2 weeks"/);
    }
  });
});
