/**
 * The cards speak the request's language (issue 39): `lang`, else `Accept-Language`, as JSON
 * answers do. Their words, the game's names, values, numbers and dates follow it; the answer
 * varies by Accept-Language, each language has its own ETag and its own PNG render.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PngRenderRequest } from '../src/router/PngRenderRequest.js';
import { cardLanguage } from '../src/site/cardLanguage.js';
import { fixtureSnapshot } from './fixture.js';
import { api } from './harness.js';

/** The texts an SVG draws, in order. */
const texts = (svg: string): string[] => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&amp;/g, '&').replace(/&#39;/g, "'"));
const label = (svg: string): string => /aria-label="([^"]*)"/.exec(svg)![1]!.replace(/&amp;/g, '&').replace(/&#39;/g, "'");
const server = fixtureSnapshot().server.short_name;

describe('a board card in the request’s language', () => {
  it('English by default: "all time", the catalogue’s title, Vary: Accept-Language', async () => {
    const { get } = api();
    const res = await get('/v1/card/stat/jump.svg');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('vary'), 'Accept-Language');
    const drawn = texts(res.text);
    assert.equal(drawn[0], 'Jumps');
    assert.equal(drawn[1], `${server} \u00B7 all time`);
  });

  it('German with lang=de and with Accept-Language: de: the German title, words and values, its own ETag', async () => {
    const { get } = api();
    const english = await get('/v1/card/stat/jump.svg');
    const german = await get('/v1/card/stat/jump.svg?lang=de');
    const negotiated = await get('/v1/card/stat/jump.svg', { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    const board = (await get('/v1/stats/jump?limit=5&lang=de')).body;
    const drawn = texts(german.text);
    assert.equal(drawn[0], board.meta.stat.title);
    assert.notEqual(drawn[0], 'Jumps');
    assert.equal(drawn[1], `${server} \u00B7 gesamt`);
    assert.deepEqual(drawn.slice(2).filter((_, i) => i % 3 === 2), board.data.map((e: any) => e.display), 'the values as the German API displays them');
    assert.equal(negotiated.text, german.text);
    assert.equal(negotiated.headers.get('vary'), 'Accept-Language');
    assert.notEqual(german.headers.get('etag'), english.headers.get('etag'));
    // The English answer asked again after the German one is still English (the memo keys the language).
    assert.equal((await get('/v1/card/stat/jump.svg')).text, english.text);
    assert.equal((await get('/v1/card/stat/jump.svg', { headers: { 'accept-language': 'de' } })).text, german.text);
  });

  it('the hall of fame’s words, a period’s name; an unknown lang is a 400 naming it', async () => {
    const { get } = api();
    const fame = texts((await get('/v1/card/hall-of-fame.svg?lang=de')).text);
    assert.equal(fame[0], 'Ruhmeshalle');
    assert.equal(fame[1], `${server} \u00B7 Kronenpunkte`);
    // A period board names its period (the fixture records no history, so its words are asked directly).
    assert.equal(cardLanguage('de').period('week', '2026-11-16', '2026-11-22'), 'Diese Woche (2026-11-16 – 2026-11-22)');
    assert.equal(cardLanguage('en').period('2026-W47', '2026-11-16', '2026-11-22'), '2026-11-16 – 2026-11-22');
    assert.equal(cardLanguage('de').board.noGain, 'In diesem Zeitraum hat kein Spieler hier zugelegt');
    const bad = await get('/v1/card/stat/jump.svg?lang=xx');
    assert.equal(bad.status, 400);
    assert.match(bad.text, /lang/);
  });
});

describe('the player card in the request’s language', () => {
  it('English: its labels and sentence as before', async () => {
    const { get } = api();
    const res = await get('/v1/card/player/Steve.svg');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('vary'), 'Accept-Language');
    const drawn = texts(res.text);
    for (const word of ['PLAY TIME', 'ADVANCEMENTS', 'HALL OF FAME', 'MEDALS']) assert.ok(drawn.includes(word), word);
    assert.ok(drawn.some((t) => / · member since \d{1,2} [A-Z][a-z]+ \d{4}/.test(t)), drawn.join(' | '));
    assert.match(label(res.text), /^.*Steve.*, Java player on .*\. Play time /);
  });

  it('German: upper-cased German labels, German medals, member-since date and sentence', async () => {
    const { get } = api();
    const res = await get('/v1/card/player/Steve.svg', { headers: { 'accept-language': 'de' } });
    const drawn = texts(res.text);
    for (const word of ['SPIELZEIT', 'FORTSCHRITTE', 'RUHMESHALLE']) assert.ok(drawn.some((t) => t === word), `${word} in ${drawn.join(' | ')}`);
    assert.ok(drawn.some((t) => / · dabei seit \d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}/.test(t)), drawn.join(' | '));
    assert.ok(drawn.some((t) => / Gold$/.test(t)) && drawn.some((t) => / Silber$/.test(t)));
    assert.match(label(res.text), /Java-Spieler auf .*\. Spielzeit .*Medaillen: \d+ Gold, \d+ Silber, \d+ Bronze\./);
    assert.equal((await get('/v1/card/player/Steve.svg?lang=de')).text, res.text);
  });

  it('each language is its own PNG render (the key names it)', async () => {
    const asked: PngRenderRequest[] = [];
    const { get } = api({ renderPng: async (_svg, request) => (asked.push(request), new Uint8Array([0x89, 0x50, 0x4e, 0x47])) });
    await get('/v1/card/player/Steve.png');
    await get('/v1/card/player/Steve.png?lang=de');
    await get('/v1/card/stat/jump.png');
    await get('/v1/card/stat/jump.png?lang=de');
    assert.equal(asked.length, 4);
    assert.notEqual(asked[0]!.key, asked[1]!.key);
    assert.notEqual(asked[2]!.key, asked[3]!.key);
  });

  it('the OpenAPI document gives the cards `lang`', async () => {
    const { get } = api();
    const doc = (await get('/openapi.json')).body;
    for (const path of ['/v1/card/player/{player}.svg', '/v1/card/stat/{stat}.png', '/v1/card/hall-of-fame.svg', '/v1/card/event/{event_id}.svg']) {
      assert.ok(doc.paths[path].get.parameters.some((p: any) => p.name === 'lang'), path);
    }
    assert.ok(!doc.paths['/v1/badge/server.svg'].get.parameters.some((p: any) => p.name === 'lang'), 'badges stay English');
  });
});

describe('a page’s link preview in the page’s language', () => {
  it('a German page’s og:image asks for the German card (a crawler sends no Accept-Language); an English one has no lang', async () => {
    const { get } = api({ site: { externalImages: false }, baseUrl: 'https://mc.example.org', renderPng: async () => new Uint8Array([0x89, 0x50, 0x4e, 0x47]) });
    const german = await get('/players/Steve', { headers: { accept: 'text/html', 'accept-language': 'de' } });
    assert.match(german.text, /<meta property="og:image" content="https:\/\/mc\.example\.org\/v1\/card\/player\/[0-9a-f-]+\.png\?lang=de"/);
    const board = await get('/stats/jump?lang=de', { headers: { accept: 'text/html' } });
    assert.match(board.text, /<meta property="og:image" content="https:\/\/mc\.example\.org\/v1\/card\/stat\/jump\.png\?lang=de"/);
    const english = await get('/players/Steve', { headers: { accept: 'text/html' } });
    assert.match(english.text, /<meta property="og:image" content="https:\/\/mc\.example\.org\/v1\/card\/player\/[0-9a-f-]+\.png"/);
  });
});
