/**
 * Every player's language (issue 39): the shipped tables are complete and hold nothing unused,
 * the language is negotiated from `lang` and `Accept-Language`, pages say which language they
 * speak (`<html lang>`, `hreflang`, the switch) and caches never mix languages (Vary, ETag, the
 * memo and its fast lane); the API translates only when asked.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { advancementCatalogue, statCatalogue } from '@blockstats/core';
import { createRouter } from '../src/router/createRouter.js';
import { LANGUAGES } from '../src/i18n/languages.js';
import { negotiateLanguage } from '../src/i18n/negotiateLanguage.js';
import { translations } from '../src/i18n/translations.js';
import { en, type MessageKey } from '../src/site/messages.js';
import { fixtureRecord, fixtureSnapshot } from './fixture.js';
import { api, problemCode } from './harness.js';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const siteDir = new URL('../src/site/', import.meta.url).pathname;

/** Every source file of the site, for the unused-key check. */
function siteSources(dir = siteDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'messages' ? [] : siteSources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') && entry.name !== 'messages.ts' ? [readFileSync(path, 'utf8')] : [];
  });
}

/** The `{placeholders}` of a message, all forms together. */
function placeholders(message: unknown): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message as Record<string, string>);
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();
}

describe('the shipped languages', () => {
  it('ten are shipped: English, German, French, Spanish, Brazilian Portuguese, Russian, Polish, Simplified Chinese, Japanese, Turkish', () => {
    assert.deepEqual([...translations.keys()], LANGUAGES.map((l) => l.tag));
    assert.deepEqual(LANGUAGES.map((l) => l.tag), ['en', 'de', 'fr', 'es', 'pt-BR', 'ru', 'pl', 'zh-CN', 'ja', 'tr']);
  });

  const keys = Object.keys(en) as MessageKey[];
  for (const [tag, translation] of translations) {
    it(`${tag}: every message, no other key, the same placeholders as English`, () => {
      assert.deepEqual(Object.keys(translation.messages).sort(), [...keys].sort());
      for (const key of keys) {
        assert.ok(String(JSON.stringify(translation.messages[key])).length > 2 || key === 'compare.ties', `${tag} ${key} is empty`);
        const english = placeholders(en[key]);
        const own = placeholders(translation.messages[key]);
        // A form may leave out {count} where the language's word says it (`one` in some languages).
        assert.ok(own.every((p) => english.includes(p)), `${tag} ${key}: ${own} not all in ${english}`);
        assert.ok(english.filter((p) => p !== 'count').every((p) => own.includes(p)), `${tag} ${key}: lacks one of ${english}`);
      }
    });
    if (tag === 'en') continue;
    it(`${tag}: every statistic and every vanilla advancement named, nothing else`, () => {
      const catalogue = translation.catalogue!;
      assert.deepEqual(Object.keys(catalogue.stats).sort(), statCatalogue.map((s) => s.id).sort());
      assert.deepEqual(Object.keys(catalogue.advancements).sort(), advancementCatalogue.map((a) => a.id.replace(/^minecraft:/, '')).sort());
      for (const [id, [title, description]] of [...Object.entries(catalogue.stats), ...Object.entries(catalogue.advancements)]) {
        assert.ok(title.trim() && description.trim() && !/\{\w+\}/.test(title + description), `${tag} ${id}`);
      }
    });
  }

  it('every English message is used by a page or component', () => {
    const sources = siteSources().join('\n');
    // Keys built at run time: `error.${status}`, `notFound.${kind}`, `category.${id}`, `frame.${frame}`, `edition.${edition}`, `medal.${medal}`.
    const dynamic = /^(error|notFound|category|frame|edition|medal)\./;
    const unused = Object.keys(en).filter((key) => !sources.includes(`'${key}'`) && !dynamic.test(key));
    assert.deepEqual(unused, []);
  });
});

describe('negotiateLanguage(header, offered, fallback)', () => {
  const offered = ['en', 'de', 'fr', 'pt-BR', 'zh-CN', 'ja'];
  const cases: ReadonlyArray<[string | null, string]> = [
    [null, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['DE-at', 'de'],
    ['fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7', 'fr'],
    ['de;q=0.5, ja', 'ja'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-TW, ja;q=0.5', 'ja'],
    ['zh-Hant', 'en'],
    ['it, de;q=0.1', 'de'],
    ['*', 'en'],
    ['de;q=0, fr;q=0.5', 'fr'],
    ['en;q=0, *', 'de'],
    ['ja;q=1.0, de;q=0.999', 'ja'],
    ['ko, it', 'en'],
    ['garbage;;;,=,de', 'de'],
  ];
  for (const [header, expected] of cases) {
    it(`${JSON.stringify(header)} → ${expected}`, () => assert.equal(negotiateLanguage(header, offered, 'en'), expected));
  }
  it('a long header is read no further than 1,000 characters', () => {
    assert.equal(negotiateLanguage(`${'xx;q=0.1,'.repeat(200)}de`, offered, 'en'), 'en');
  });
});

describe('pages in the visitor’s language', () => {
  // A vouched-for origin (baseUrl): hreflang alternates are absolute URLs on it.
  const { get } = api({ baseUrl: 'http://stats.test', site: { externalImages: false }, record: () => fixtureRecord() });

  it('a German browser gets a German page: lang, hreflang alternates, switch, Vary', async () => {
    const res = await get('/players/Steve', { headers: { ...HTML, 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } });
    assert.equal(res.status, 200);
    assert.match(res.text, /<html lang="de">/);
    assert.equal(res.headers.get('vary'), 'Accept, Accept-Language');
    for (const l of LANGUAGES) assert.ok(res.text.includes(`<link rel="alternate" hreflang="${l.tag}" href="http://stats.test/players/Steve?lang=${l.tag}"/>`), l.tag);
    assert.ok(res.text.includes('<link rel="alternate" hreflang="x-default" href="http://stats.test/players/Steve"/>'));
    assert.match(res.text, /<a href="\/players\/Steve\?lang=ja" hreflang="ja" lang="ja">日本語<\/a>/);
    assert.match(res.text, />Spielzeit</);
    assert.match(res.text, />Sprünge</, 'statistic titles from the German catalogue');
    assert.match(res.text, />Steinzeit</, 'advancement titles as the game names them');
    // Without `lang` in the URL, links leave the choice to the browser.
    assert.ok(res.text.includes('href="/stats"'));
  });

  it('a Japanese page by ?lang=ja, whatever the browser says; every link keeps lang', async () => {
    const res = await get('/stats/jump?lang=ja', { headers: { ...HTML, 'accept-language': 'de' } });
    assert.equal(res.status, 200);
    assert.match(res.text, /<html lang="ja">/);
    assert.equal(res.headers.get('vary'), 'Accept, Accept-Language');
    assert.ok(res.text.includes('href="/players?lang=ja"'), 'navigation keeps the language');
    assert.ok(res.text.includes('<link rel="alternate" hreflang="de" href="http://stats.test/stats/jump?lang=de"/>'));
    assert.match(res.text, /aria-current="true">日本語</);
    assert.match(res.text, /12,345/, 'Japanese digits grouping');
    assert.match(res.text, /<h1>(?:<span class="adv">.*?)?ジャンプした回数(?:<\/span>)?<\/h1>/, 'the leaderboard names its statistic in Japanese');
  });

  it('the same URL in two languages: two bodies, two ETags, never one for the other', async () => {
    const german = await get('/stats', { headers: { ...HTML, 'accept-language': 'de' } });
    const english = await get('/stats', { headers: { ...HTML, 'accept-language': 'en' } });
    const germanAgain = await get('/stats', { headers: { ...HTML, 'accept-language': 'de' } });
    assert.match(german.text, /<html lang="de">/);
    assert.match(english.text, /<html lang="en">/);
    assert.match(germanAgain.text, /<html lang="de">/);
    assert.notEqual(german.headers.get('etag'), english.headers.get('etag'));
    assert.equal(german.headers.get('etag'), germanAgain.headers.get('etag'));
    const revalidated = await get('/stats', { headers: { ...HTML, 'accept-language': 'en', 'if-none-match': german.headers.get('etag')! } });
    assert.equal(revalidated.status, 200, "the German tag does not validate the English page");
  });

  it('no Accept-Language: the configured default language', async () => {
    const { get: getDe } = api({ site: { externalImages: false, locale: 'de' } });
    const res = await getDe('/', { headers: HTML });
    assert.match(res.text, /<html lang="de">/);
  });

  it('an unknown lang is a 400 page naming lang, in the browser’s language', async () => {
    const res = await get('/stats?lang=xx', { headers: { ...HTML, 'accept-language': 'de' } });
    assert.equal(res.status, 400);
    assert.match(res.text, /<html lang="de">/);
    assert.match(res.text, /lang must be one of/);
  });

  it('one offered language: no switch, no alternates, Vary: Accept alone', async () => {
    const { get: getOne } = api({ site: { externalImages: false }, languages: ['en'] });
    const res = await getOne('/stats', { headers: { ...HTML, 'accept-language': 'de' } });
    assert.match(res.text, /<html lang="en">/);
    assert.ok(!res.text.includes('hreflang'));
    assert.equal(res.headers.get('vary'), 'Accept');
  });

  it('a server’s overrides replace shipped messages of their language only', async () => {
    const { get: getOwn } = api({ site: { externalImages: false, translations: { de: { 'nav.home': 'Startseite' } }, messages: { 'nav.home': 'Lobby' } } });
    assert.match((await getOwn('/stats?lang=de', { headers: HTML })).text, />Startseite</);
    assert.match((await getOwn('/stats?lang=en', { headers: HTML })).text, />Lobby</);
  });

  it('a language not shipped in `languages` is refused when the router is created', () => {
    assert.throws(() => createRouter({ snapshot: () => fixtureSnapshot(), languages: ['en', 'klingon'] }), /languages must list/);
  });
});

describe('the API speaks English unless asked', () => {
  const { get } = api({ record: () => fixtureRecord() });

  it('no lang, any Accept-Language but an offered one: English, Vary: Accept-Language', async () => {
    const german = await get('/v1/stats/jump?lang=de');
    assert.equal(german.body.meta.stat.title, 'Sprünge', 'meta names things too');
    const res = await get('/v1/stats/jump', { headers: { 'accept-language': 'ko' } });
    assert.equal(res.body.meta.stat.title, 'Jumps');
    assert.equal(res.body.data[0].display, '12,345');
    assert.equal(res.headers.get('vary'), 'Accept-Language');
  });

  it('?lang=de: titles, descriptions and displays in German; ids and numbers unchanged', async () => {
    const res = await get('/v1/players/Steve?lang=de');
    assert.equal(res.status, 200);
    const ranks = res.body.data.top_ranks as Array<{ id: string; title: string; display: string; value: number }>;
    const jump = ranks.find((r) => r.id === 'jump')!;
    assert.deepEqual([jump.title, jump.display, jump.value], ['Sprünge', '12.345', 12345]);
    assert.equal(ranks.find((r) => r.id === 'damage_dealt')!.display, '415 Herzen');
    assert.match(res.body.data.play_time.display, /Std\./);
    const advancement = await get('/v1/advancements/story/mine_stone?lang=de');
    assert.deepEqual([advancement.body.data.id, advancement.body.data.title, advancement.body.data.description], ['minecraft:story/mine_stone', 'Steinzeit', 'Baue Stein mit deiner neuen Spitzhacke ab']);
  });

  it('Accept-Language: ja answers Japanese, and the English answer of the same URL stays English', async () => {
    const japanese = await get('/v1/stats', { headers: { 'accept-language': 'ja-JP,ja;q=0.9' } });
    const english = await get('/v1/stats');
    const japaneseAgain = await get('/v1/stats', { headers: { 'accept-language': 'ja' } });
    assert.notEqual(japanese.body.data[0].title, english.body.data[0].title);
    assert.equal(english.body.data[0].title, statCatalogue[0]!.title);
    assert.equal(japaneseAgain.body.data[0].title, japanese.body.data[0].title);
    assert.notEqual(japanese.headers.get('etag'), english.headers.get('etag'));
  });

  it('the fast lane never answers a German request with the remembered English answer', async () => {
    const router = createRouter({ snapshot: () => fixtureSnapshot(), rateLimit: false });
    await router.fetch(new Request('http://stats.test/v1/stats'));
    const raw = (headers: Record<string, string>, target = '/v1/stats') => router.answerCached!({ method: 'GET', target, scheme: 'http', host: 'stats.test', remoteAddress: '127.0.0.1', header: (name: string) => headers[name] ?? null } as never);
    assert.ok(raw({}), 'the English answer is remembered');
    assert.equal(raw({ 'accept-language': 'de' }), null, 'German goes to fetch');
    assert.ok(raw({ 'accept-language': 'ko, en;q=0.5' }), 'a language not offered is English');
  });

  it('the OpenAPI document describes lang on every JSON operation (an enum of the offered tags) and the cards, not on badges', async () => {
    const doc = (await get('/openapi.json')).body as { paths: Record<string, Record<string, { parameters?: Array<{ name: string; schema: { enum?: string[] } }>; responses: Record<string, unknown> }>> };
    const lang = (path: string) => doc.paths[path]!.get!.parameters?.find((p) => p.name === 'lang');
    assert.deepEqual(lang('/v1/stats/{stat_id}')?.schema.enum, LANGUAGES.map((l) => l.tag));
    assert.ok(lang('/v1/players/{player}'));
    assert.ok(doc.paths['/v1/stats/{stat_id}']!.get!.responses['400'], 'a bad lang is a documented 400');
    const svg = Object.keys(doc.paths).find((path) => path.includes('badge'));
    assert.ok(svg && !lang(svg), `${svg} takes no lang`);
  });

  it('an unknown or repeated lang is a 400 naming lang', async () => {
    for (const query of ['lang=xx', 'lang=de&lang=fr']) {
      const res = await get(`/v1/stats?${query}`);
      assert.equal(res.status, 400);
      assert.equal(problemCode(res.body), 'invalid-request');
      assert.equal(res.body.parameter, 'lang');
    }
  });
});
