/**
 * The website through `router.fetch`, as any runtime serves it: which paths it takes (and what
 * API clients still get), the API's HTTP rules on pages, the values (the API's own), links
 * (mount path, static export), hostile names, images and the message table. The browser suite
 * (test/browser) drives the same pages in Chromium.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, it } from 'node:test';
import { buildSnapshot, type PlayerSave } from '@blockstats/core';
import { createRouter } from '../src/router/createRouter.js';
import type { RouterOptions } from '../src/router/RouterOptions.js';
import { DEFAULT_SKIN_NAMES } from '../src/site/icons/defaultSkin.js';
import { iconClass } from '../src/site/icons/iconSprite.js';
import { sitePaths } from '../src/site/sitePaths.js';
import { en, type Messages } from '../src/site/messages.js';
import { BUILT_AT, fixtureRecord, fixtureSave, fixtureSnapshot, NOW, uuids } from './fixture.js';
import { api, BASE, problemCode } from './harness.js';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** A router with the site on, and a reader of its answers. */
function site(overrides: Partial<RouterOptions> = {}) {
  return api({ site: { externalImages: false }, ...overrides });
}

/** Every page kind, with a path over the fixture. */
const PAGES = [
  '/', '/stats', '/stats/jump', '/players', '/players/Steve', '/advancements', '/advancements/story/root',
  '/hall-of-fame', '/events', '/events/fish_caught_week2', '/activity', '/totals', '/compare', '/compare?a=Steve&b=Alex',
];

/** The text of every element with `attribute="value"` … up to its row's end, crudely: the row's HTML. */
/** From the first `attribute="value"` inside a table row to that row's end. */
function row(html: string, attribute: string, value: string): string {
  let start = html.indexOf(`${attribute}="${value}"`);
  while (start !== -1 && html.lastIndexOf('<tr', start) <= html.lastIndexOf('</tr>', start)) start = html.indexOf(`${attribute}="${value}"`, start + 1);
  assert.ok(start !== -1, `${attribute}=${value} in a row of the page`);
  return html.slice(start, html.indexOf('</tr>', start));
}

describe('site off (the default for embedders)', () => {
  const { get } = api();
  for (const path of ['/', '/stats', '/players/Steve']) {
    it(`${path} is the unversioned-path problem, even for a browser`, async () => {
      const res = await get(path, { headers: HTML });
      assert.equal(res.status, 404);
      assert.equal(problemCode(res.body), 'unversioned-path');
    });
  }
});

describe('which requests the site takes', () => {
  const { get } = site();
  it('a page path answers HTML to browsers and to */* clients (link-preview bots)', async () => {
    for (const accept of [HTML.accept, '*/*', '']) {
      const res = await get('/stats', { headers: accept ? { accept } : {} });
      assert.equal(res.status, 200, accept);
      assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(res.headers.get('vary'), 'Accept, Accept-Language');
    }
  });

  it('a page path asked for as JSON is the unversioned-path problem pointing at the API', async () => {
    const res = await get('/stats/jump?x=1', { headers: { accept: 'application/json' } });
    assert.equal(res.status, 404);
    assert.equal(problemCode(res.body), 'unversioned-path');
    assert.equal(res.body.corrected_url, `${BASE}/v1/stats/jump?x=1`);
  });

  it('an unknown path is the HTML 404 for a browser and the problem for an API client', async () => {
    const browser = await get('/nowhere', { headers: HTML });
    assert.equal(browser.status, 404);
    assert.match(browser.headers.get('content-type')!, /^text\/html/);
    assert.match(browser.text, /Page not found/);
    assert.equal(browser.headers.get('cache-control'), 'no-store');
    const client = await get('/nowhere');
    assert.equal(problemCode(client.body), 'unversioned-path');
  });

  it('the API is untouched', async () => {
    const res = await get('/v1/stats/jump', { headers: HTML });
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal((await get('/v2/stats', { headers: HTML })).body.type.split('/').pop(), 'not-found');
  });

  it('a trailing slash names the same page (the export links folders)', async () => {
    assert.equal((await get('/stats/jump/', { headers: HTML })).status, 200);
  });
});

describe('every page kind', () => {
  const { get } = site();
  for (const path of PAGES) {
    it(`${path}: 200, a whole document with the layout, landmarks and the CSP`, async () => {
      const res = await get(path, { headers: HTML });
      assert.equal(res.status, 200, res.text.slice(0, 500));
      assert.match(res.text, /^<!doctype html><html lang="en">/);
      for (const landmark of ['<header', '<nav class="nav" aria-label="Main"', '<main id="main"', '<footer', '<h1']) assert.ok(res.text.includes(landmark), landmark);
      assert.equal((res.text.match(/<h1[\s>]/g) ?? []).length, 1, 'one h1');
      const csp = res.headers.get('content-security-policy')!;
      assert.match(csp, /default-src 'none'; script-src 'self'( 'sha256-[\w+/]+=*')+; style-src 'self'; font-src 'self'; img-src 'self' data:;/);
      assert.ok(!csp.includes('unsafe-inline'), 'never unsafe-inline');
      assert.ok(!/ style="/.test(res.text), 'no inline style (the CSP forbids it)');
      // The one inline script (the saved theme, before the first paint) runs by its hash.
      const inline = [...res.text.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]!);
      assert.equal(inline.length, 1, 'one inline script');
      for (const script of inline) assert.ok(csp.includes(`'sha256-${createHash('sha256').update(script).digest('base64')}'`), 'its hash is in the CSP');
    });
  }
});

describe('HTTP rules on pages', () => {
  it('strong ETag, 304 on If-None-Match, Cache-Control, Last-Modified, HEAD', async () => {
    const { get } = site();
    const first = await get('/stats/jump', { headers: HTML });
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[\w-]{27}"$/);
    assert.equal(first.headers.get('cache-control'), 'public, max-age=60');
    assert.equal(first.headers.get('last-modified'), new Date(BUILT_AT).toUTCString());
    const again = await get('/stats/jump', { headers: { ...HTML, 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
    const head = await get('/stats/jump', { method: 'HEAD', headers: HTML });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-length'), String(Buffer.byteLength(first.text)));
  });

  it('the home page follows the live status (max-age 10) and keeps its ETag while nothing changes', async () => {
    let checked = NOW;
    const status = { status: async () => ({ online: true, players_online: 3, players_max: 20, version: 'Paper', protocol: 1, motd: 'Hi', sample: [], latency_ms: 1, edition: 'java' as const, reason: null, bedrock: null, checked_at: new Date(checked).toISOString() }) };
    const { get } = site({ status });
    const a = await get('/', { headers: HTML });
    const b = await get('/', { headers: HTML });
    assert.equal(a.headers.get('cache-control'), 'public, max-age=10');
    assert.equal(a.headers.get('etag'), b.headers.get('etag'));
    assert.match(a.text, /3 of 20 players/);
    checked += 10_000;
    assert.equal((await get('/', { headers: HTML })).headers.get('etag'), a.headers.get('etag'), 'same body, same tag');
  });

  it('pages are memoised: the fast lane answers a page, but never to a client asking for JSON', async () => {
    const { router, get } = site();
    await get('/stats/jump', { headers: HTML });
    const raw = (accept: string) => router.answerCached({ method: 'GET', target: '/stats/jump', scheme: 'http', host: 'stats.test', header: (name) => (name === 'accept' ? accept : null), remoteAddress: '198.51.100.9' });
    assert.equal(raw(HTML.accept)?.status, 200);
    assert.equal(raw('application/json'), null);
    // A page that shows the activity record too (keyed with the record's state).
    await get('/players/Steve', { headers: HTML });
    const profile = router.answerCached({ method: 'GET', target: '/players/Steve', scheme: 'http', host: 'stats.test', header: () => null, remoteAddress: '198.51.100.9' });
    assert.equal(profile?.status, 200);
    assert.match(new TextDecoder().decode(profile!.body!), /<h1 id="player-name"><bdi>Steve<\/bdi>/);
  });

  it('the fast lane answers one server\'s pages of a network too, those showing its activity record included', async () => {
    const own = fixtureSnapshot();
    const record = fixtureRecord();
    const { router, get } = site({ record: () => record, servers: [{ id: 'survival', name: 'Survival', snapshot: () => own, record: () => record }] });
    await get('/stats/jump', { headers: HTML }); // the memo follows the network's generation from its first answer
    const ask = (target: string) => router.answerCached({ method: 'GET', target, scheme: 'http', host: 'stats.test', header: (name) => (name === 'accept' ? HTML.accept : null), remoteAddress: '198.51.100.9' });
    for (const target of ['/stats/jump?server=survival', '/players/Steve?server=survival']) {
      assert.equal(ask(target), null, `${target}: nothing remembered yet`);
      const page = await get(target, { headers: HTML });
      assert.equal(page.status, 200, target);
      const fast = ask(target);
      assert.equal(fast?.status, 200, `${target}: from the fast lane`);
      assert.equal(fast!.headers.etag, page.headers.get('etag'), target);
      assert.equal(new TextDecoder().decode(fast!.body!), page.text, target);
    }
  });

  it('the fast lane leaves a page showing the record to fetch once the record changed in place (its key is not kept past it)', async () => {
    const own = fixtureSnapshot();
    const record = fixtureRecord();
    const { router, get } = site({ record: () => record, servers: [{ id: 'survival', name: 'Survival', snapshot: () => own, record: () => record }] });
    const ask = (target: string) => router.answerCached({ method: 'GET', target, scheme: 'http', host: 'stats.test', header: (name) => (name === 'accept' ? HTML.accept : null), remoteAddress: '198.51.100.9' });
    await get('/stats/jump', { headers: HTML }); // the memo follows the network's generation from its first answer
    for (const target of ['/players/Steve', '/players/Steve?server=survival']) {
      await get(target, { headers: HTML });
      assert.equal(ask(target)?.status, 200, `${target}: from the fast lane`);
      // The same record object, its last pull's time moved (a pull rewrote it): another key.
      record.times[record.times.length - 1]! += 1;
      assert.equal(ask(target), null, `${target}: the record changed, the remembered page is not its page`);
      const page = await get(target, { headers: HTML });
      assert.equal(ask(target)?.headers.etag, page.headers.get('etag'), `${target}: the page of the record as it is now`);
    }
  });

  it('the fast lane leaves a page asked for as JSON to fetch, whatever Accept the request before sent', async () => {
    const { router, get } = site();
    await get('/players/Steve', { headers: HTML });
    const ask = (accept: string | null) => router.answerCached({ method: 'GET', target: '/players/Steve', scheme: 'http', host: 'stats.test', header: (name) => (name === 'accept' ? accept : null), remoteAddress: '198.51.100.9' });
    for (const [accept, answered] of [[HTML.accept, true], ['application/json', false], ['application/json', false], [HTML.accept, true], [null, true], ['application/json', false]] as const) {
      assert.equal(ask(accept) !== null, answered, `Accept: ${accept}`);
    }
  });

  it('GET and HEAD only: other methods get 405 with Allow, as an HTML page', async () => {
    const { get } = site();
    const res = await get('/players', { method: 'POST', headers: HTML, body: 'x' });
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'GET, HEAD');
    assert.match(res.headers.get('content-type')!, /^text\/html/);
  });

  it('the rate limit counts pages; over it a page is a 429 HTML page with Retry-After', async () => {
    const { get } = site({ rateLimit: { limit: 2 } });
    await get('/stats', { headers: HTML });
    await get('/stats', { headers: HTML });
    const res = await get('/stats', { headers: HTML });
    assert.equal(res.status, 429);
    assert.ok(res.headers.get('retry-after'));
    assert.match(res.text, /Too many requests/);
  });

  it('before the first snapshot: 503 HTML page with Retry-After', async () => {
    const { get } = site({ snapshot: () => null, health: () => ({ nextPullAt: NOW + 30_000 }) });
    const res = await get('/players', { headers: HTML });
    assert.equal(res.status, 503);
    assert.equal(res.headers.get('retry-after'), '30');
    assert.match(res.text, /aren’t ready yet/);
  });

  it('the site’s files: fingerprinted, immutable, with a strong ETag', async () => {
    const { get } = site();
    const page = await get('/', { headers: HTML });
    const css = /href="(\/assets\/[\w-]+\/site\.css)"/.exec(page.text)![1]!;
    const res = await get(css);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/css; charset=utf-8');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal((await get(css, { headers: { 'if-none-match': res.headers.get('etag')! } })).status, 304);
    assert.equal((await get(css.replace(/assets\/[\w-]+/, 'assets/old'))).headers.get('cache-control'), 'public, max-age=60');
  });
});

describe('values are the API’s', () => {
  const { get } = site();

  it('a profile shows each stat’s display and rank as /v1/players/{player}/stats gives them', async () => {
    for (const player of ['Steve', 'Alex', '.Pocket_Pro']) {
      const page = (await get(`/players/${player}`, { headers: HTML })).text;
      const { body } = await get(`/v1/players/${encodeURIComponent(player)}/stats`);
      for (const entry of body.data.stats) {
        const cells = row(page, 'href', sitePaths.stat(entry.id)); // from the statistic's link to its row's end
        assert.ok(cells.includes(`>${entry.display}<`), `${player} ${entry.id} ${entry.display}`);
        if (entry.rank !== null && entry.rank > 3) assert.ok(cells.includes(`#${entry.rank}`), `${player} ${entry.id} #${entry.rank}`);
      }
      const profile = (await get(`/v1/players/${encodeURIComponent(player)}`)).body.data;
      assert.ok(page.includes(`>${profile.play_time.display}<`));
    }
  });

  it('a leaderboard lists the API’s entries in its order, with its ranks and displays', async () => {
    for (const stat of ['jump', 'play_time', 'walk_one_cm', 'mined_stone']) {
      const page = (await get(`/stats/${stat}`, { headers: HTML })).text;
      const { body } = await get(`/v1/stats/${stat}?limit=100`);
      let last = -1;
      for (const entry of body.data) {
        const at = page.indexOf(`data-player="${entry.player.uuid}"`);
        assert.ok(at > last, `${stat}: ${entry.player.name} in order`);
        last = at;
        const cells = row(page, 'data-player', entry.player.uuid);
        assert.ok(cells.includes(`>${entry.rank}<`) && cells.includes(`>${entry.display}<`), `${stat}: ${entry.player.name}`);
      }
    }
  });

  it('links.profile is the profile page with the site on; a configured template still wins', async () => {
    assert.equal((await get('/v1/players/Steve')).body.data.links.profile, `${BASE}/players/Steve`);
    // A reused name links the older account by UUID.
    assert.equal((await get(`/v1/players/${uuids.notchOld}`)).body.data.links.profile, `${BASE}/players/${uuids.notchOld}`);
    assert.equal((await api().get('/v1/players/Steve')).body.data.links.profile, `${BASE}/v1/players/${uuids.steve}`);
    const templated = buildSnapshot(fixtureSave(), { now: BUILT_AT, profileUrlTemplate: 'https://example.net/u/{uuid}' });
    const custom = await site({ snapshot: () => templated }).get('/v1/players/Steve');
    assert.equal(custom.body.data.links.profile, `https://example.net/u/${uuids.steve}`);
  });
});

describe('404 pages say what exists', () => {
  const { get } = site();
  const cases: Array<[string, RegExp, string]> = [
    ['/players/Stevee', /No player is called “Stevee”/, '/players/Steve'],
    ['/stats/jumps', /No statistic is called “jumps”/, '/stats/jump'],
    ['/advancements/story/mine_stones', /No advancement is called/, '/advancements/story/mine_stone'],
    ['/stats/jump/page/9', /no page 9/, '/'],
  ];
  for (const [path, message, suggestion] of cases) {
    it(path, async () => {
      const res = await get(path, { headers: HTML });
      assert.equal(res.status, 404);
      assert.match(res.text, message);
      assert.ok(res.text.includes(`href="${suggestion}"`), suggestion);
    });
  }

  it('compare with an unknown player: the form again, 404, with did-you-mean', async () => {
    const res = await get('/compare?a=Steve&b=Alexx', { headers: HTML });
    assert.equal(res.status, 404);
    assert.match(res.text, /No player is called “Alexx”/);
    assert.match(res.text, /<bdi>Alex<\/bdi>/);
  });
});

describe('hostile player names are text', () => {
  const names = ['<script>alert(1)</script>', '"><img src=x onerror=alert(2)>', "O'Brien & <b>Co</b>", 'Ev\u202Eil\u200F', '{{7*7}} ${x}'];
  const save = fixtureSave();
  const template = save.players.find((p) => p.uuid === uuids.alex)!;
  names.forEach((name, i) => {
    const uuid = `aaaaaaaa-0000-4000-8000-00000000000${i}`;
    save.players.push({ ...template, uuid, name, files: { ...template.files } } as PlayerSave);
  });
  const snapshot = buildSnapshot(save, { now: BUILT_AT });
  const { get } = site({ snapshot: () => snapshot });

  for (const path of ['/players', '/stats/jump', '/players/aaaaaaaa-0000-4000-8000-000000000000', '/compare?a=aaaaaaaa-0000-4000-8000-000000000001&b=Steve']) {
    it(`${path}: escaped by the renderer, isolated with <bdi>, linked by UUID`, async () => {
      const res = await get(path, { headers: HTML });
      assert.equal(res.status, 200);
      assert.ok(!res.text.includes('<script>alert'), 'no script element from a name');
      assert.ok(!res.text.includes('<img src=x'), 'no img element from a name');
      assert.ok(!res.text.includes('<b>Co</b>'));
      assert.ok(res.text.includes('&lt;script>alert(1)&lt;/script>') || !path.startsWith('/players/aaaa'), 'the name is shown as text');
      assert.ok(!/href="\/players\/[^"]*[<>']/.test(res.text), 'profile links never carry the raw name');
    });
  }
  it('the right-to-left override is removed and the mark kept as text, inside <bdi>', async () => {
    const res = await get('/players/aaaaaaaa-0000-4000-8000-000000000003', { headers: HTML });
    assert.ok(res.text.includes('<bdi>Evil\u200F</bdi>'), 'the name without its override, in <bdi>');
    assert.ok(!res.text.includes('\u202E'), 'no override anywhere on the page');
  });
});

describe('links', () => {
  it('under a mount path (a base URL with a path), every link starts with it', async () => {
    const { get } = site({ baseUrl: 'https://example.net/stats' });
    const res = await get('/players/Steve', { headers: HTML });
    const links = [...res.text.matchAll(/(?:href|src)="([^"#]*)"/g)].map((m) => m[1]!).filter((l) => l.startsWith('/'));
    assert.ok(links.length > 20);
    for (const link of links) assert.ok(link.startsWith('/stats/'), link);
    assert.match(res.text, /<link rel="canonical" href="https:\/\/example.net\/stats\/players\/Steve"/);
  });

  it('the static export links relatively, folders for pages and .json files for the API', async () => {
    const { get } = site({ site: { staticExport: true, externalImages: false } });
    const res = await get('/players/Steve', { headers: HTML });
    assert.match(res.text, /href="\.\.\/\.\.\/stats\/jump\/"/);
    assert.match(res.text, new RegExp(`href="\\.\\./\\.\\./v1/players/${uuids.steve}\\.json"`));
    assert.match(res.text, /src="\.\.\/\.\.\/assets\/[\w-]+\/site\.js"/);
    assert.ok(!res.text.includes('href="../../compare/"'), 'compare needs a server');
    const home = await get('/', { headers: HTML });
    assert.match(home.text, /href="stats\/"/);
    assert.equal((await get('/compare', { headers: HTML })).status, 404);
  });
});

describe('images and privacy', () => {
  it('external images off: placeholders, no third-party URL, CSP images from the site only', async () => {
    const res = await site().get('/players/Steve', { headers: HTML });
    assert.ok(!/<img[^>]+src="https?:/.test(res.text));
    assert.match(res.headers.get('content-security-policy')!, /img-src 'self' data:;/);
  });

  it('by default (site: true) no page names another host: heads and icons come from the sprite', async () => {
    const res = await api({ site: true }).get('/players/Steve', { headers: HTML });
    assert.ok(!/<img[^>]+src="https?:/.test(res.text));
    const heads = DEFAULT_SKIN_NAMES.map((skin) => iconClass(`head_${skin}`));
    assert.match(res.text, new RegExp(`class="ic (${heads.join('|')}) head head--java head--lg"`));
    assert.match(res.text, /class="fr fr-(task|goal|challenge)"/);
    assert.match(res.headers.get('content-security-policy')!, /img-src 'self' data:;/);
  });

  it('external images on: heads from textures.head, the CSP allows exactly those hosts', async () => {
    const res = await api({ site: { externalImages: true } }).get('/stats/jump', { headers: HTML });
    assert.ok(res.text.includes('src="https://mc-heads.net/avatar/'));
    assert.match(res.headers.get('content-security-policy')!, /img-src 'self' data: https:\/\/mc-heads.net;/);
  });

  it('link previews use the PNG card when a renderer and base_url are given', async () => {
    const withPng = await site({ baseUrl: BASE, renderPng: async () => new Uint8Array([137, 80, 78, 71]) }).get('/players/Steve', { headers: HTML });
    assert.ok(withPng.text.includes(`<meta property="og:image" content="${BASE}/v1/card/player/${uuids.steve}.png"/>`));
    assert.ok(withPng.text.includes('<meta name="twitter:card" content="summary_large_image"/>'));
    const without = await site().get('/players/Steve', { headers: HTML });
    assert.ok(!without.text.includes('og:image'));
  });

  it('leaderboards, the hall of fame and events preview as their board cards (1200 × 628 PNG)', async () => {
    const withPng = site({ baseUrl: BASE, renderPng: async () => new Uint8Array([137, 80, 78, 71]) });
    const event = (await withPng.get('/v1/events')).body.data[0].id;
    for (const [page, card] of [['/stats/jump', '/v1/card/stat/jump.png'], ['/hall-of-fame', '/v1/card/hall-of-fame.png'], [`/events/${event}`, `/v1/card/event/${event}.png`]]) {
      const res = await withPng.get(page!, { headers: HTML });
      assert.ok(res.text.includes(`<meta property="og:image" content="${BASE}${card}"/>`), page);
      assert.equal((await withPng.get(card!)).status, 200, card);
      assert.ok(!(await site().get(page!, { headers: HTML })).text.includes('og:image'), page);
    }
  });
});

describe('messages and locale', () => {
  it('a translation is a table: every text comes from it', async () => {
    const de: Messages = { ...en, 'nav.players': 'Spieler', 'players.title': 'Spieler', 'layout.skip': 'Zum Inhalt' };
    const res = await site({ site: { messages: de, locale: 'de', externalImages: false } }).get('/players', { headers: HTML });
    assert.match(res.text, /<html lang="de">/);
    assert.match(res.text, />Spieler<\/a>/);
    assert.match(res.text, />Zum Inhalt</);
  });

  it('numbers and dates follow the locale; stat values are the API’s display in that language', async () => {
    const res = await site({ site: { locale: 'de', externalImages: false } }).get('/stats/jump', { headers: HTML });
    assert.match(res.text, />12\.345</, 'the API display, asked in German');
    const profile = await site({ site: { locale: 'de', externalImages: false } }).get('/players/Steve', { headers: HTML });
    assert.match(profile.text, /\d{1,2}\. \w+\.? 2026|\d{1,2}\.\d{1,2}\.2026/);
  });

  it('a bad locale is refused when the router is created', () => {
    assert.throws(() => createRouter({ snapshot: () => fixtureSnapshot(), site: { locale: 'not a locale!' } }), /site\.locale/);
  });
});

describe('weight', () => {
  it('every page kind of the fixture, with the site’s files (style, script, icon sprite, the pixel face’s latin subset), weighs under 60 KB compressed', async () => {
    const { get, router } = site({ record: () => fixtureRecord() });
    const home = await get('/', { headers: HTML });
    const files = new Set([...home.text.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!));
    // The style sheet's own files: the sprite, and the pixel face's subset an English page's headings fetch (latin;
    // Russian and CJK pages' headings fall to the system font past their digits).
    const css = [...files].find((f) => f.endsWith('/site.css'))!;
    const styleText = await (await router.fetch(new Request(`${BASE}${css}`))).text();
    for (const m of styleText.matchAll(/url\(([\w.-]+)\)/g)) if (!m[1]!.endsWith('.woff2') || m[1]!.includes('-latin')) files.add(css.replace(/[^/]+$/, m[1]!));
    assert.ok([...files].some((f) => f.endsWith('/icons.webp')), [...files].join(' '));
    assert.ok([...files].some((f) => f.endsWith('/pixelify-sans-latin.woff2')), [...files].join(' '));
    let filesGzip = 0;
    for (const file of files) filesGzip += gzipSync(new Uint8Array(await (await router.fetch(new Request(`${BASE}${file}`))).arrayBuffer())).length;
    for (const path of PAGES) {
      const res = await get(path, { headers: HTML });
      const page = gzipSync(res.text).length;
      assert.ok(page + filesGzip < 60 * 1024, `${path}: ${page} B + files ${filesGzip} B`);
    }
  });
});
