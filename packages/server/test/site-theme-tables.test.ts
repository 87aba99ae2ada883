/**
 * The theme switch and the tables (issue 39), as the server renders them: the switch is a
 * labelled, translated select that only the script shows; the saved theme is applied by one
 * inline script the CSP allows by its hash; the profile's statistics tables are sortable by
 * header buttons (site.js adds them, and aria-sort); a wide table carries a scroll note; and
 * every fractional figure follows one rule per locale. The browser suite (test/browser/
 * theme-and-tables.test.ts) clicks them in Chromium.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { THEME_SCRIPT, THEME_SCRIPT_HASH } from '../src/site/assets/themeScript.js';
import { SITE_SCRIPT } from '../src/site/assets/siteScript.js';
import { siteAssets } from '../src/site/siteAssets.js';
import { siteFormat } from '../src/site/format.js';
import { api } from './harness.js';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const { get } = api({ site: { externalImages: false } });

/** The HTML from `start` (an exact substring) to the end of the element named `tag`. */
function element(html: string, start: string, tag: string): string {
  const at = html.indexOf(start);
  assert.ok(at !== -1, `${start} on the page`);
  return html.slice(at, html.indexOf(`</${tag}>`, at) + tag.length + 3);
}

describe('the theme switch', () => {
  it('every page has a labelled select of auto, light and dark, hidden until the script shows it', async () => {
    for (const path of ['/', '/stats', '/players/Steve', '/nowhere']) {
      const html = (await get(path, { headers: HTML })).text;
      const box = element(html, '<div class="theme"', 'div');
      assert.match(box, /^<div class="theme" data-needs-script="true" hidden>/, path);
      assert.match(box, /<label for="theme-choice">Theme<\/label><select id="theme-choice" data-theme-switch="true">/, path);
      assert.deepEqual([...box.matchAll(/<option value="(\w+)">([^<]+)<\/option>/g)].map((m) => [m[1], m[2]]), [['auto', 'Auto (system)'], ['light', 'Light'], ['dark', 'Dark']], path);
    }
  });

  it('speaks the page’s language', async () => {
    const cases: Array<[string, string, string[]]> = [
      ['de', 'Farbschema', ['Automatisch (System)', 'Hell', 'Dunkel']],
      ['ja', 'テーマ', ['自動（システム）', 'ライト', 'ダーク']],
      ['ru', 'Тема', ['Авто (как в системе)', 'Светлая', 'Тёмная']],
    ];
    for (const [lang, label, options] of cases) {
      const box = element((await get(`/stats?lang=${lang}`, { headers: HTML })).text, '<div class="theme"', 'div');
      assert.ok(box.includes(`>${label}</label>`), lang);
      assert.deepEqual([...box.matchAll(/<option value="\w+">([^<]+)<\/option>/g)].map((m) => m[1]), options, lang);
    }
  });

  it('the saved theme is applied in <head>, before the stylesheet, by the one inline script the CSP allows by its hash', async () => {
    const res = await get('/players/Steve', { headers: HTML });
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    assert.ok(head.indexOf(`<script>${THEME_SCRIPT}</script>`) !== -1, 'the script, unescaped');
    assert.ok(head.indexOf('<script>') < head.indexOf('rel="stylesheet"'), 'before the stylesheet');
    assert.equal(THEME_SCRIPT_HASH, `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`, 'the written-out hash is the script’s');
    const csp = res.headers.get('content-security-policy')!;
    assert.match(csp, new RegExp(`script-src 'self' ${THEME_SCRIPT_HASH.replace(/[+/]/g, '\\$&')};`));
    assert.ok(!csp.includes('unsafe-inline'));
  });

  it('the stylesheet applies a chosen theme over the system’s, and hides what is hidden', () => {
    const css = String(siteAssets['site.css']!.body);
    assert.match(css, /@media \(prefers-color-scheme:dark\)\{:root:not\(\[data-theme=light\]\)\{color-scheme:dark;--bg:#1a1918;/);
    assert.match(css, /:root\[data-theme=dark\]\{color-scheme:dark;--bg:#1a1918;/);
    assert.match(css, /:root\[data-theme=light\]\{color-scheme:light\}/);
    assert.match(css, /\[hidden\]\{display:none!important\}/, 'a [hidden] flex box stays hidden (the switch, the filters)');
  });

  it('site.js wires the switch to localStorage under the inline script’s key', () => {
    const js = SITE_SCRIPT; // the readable source: site.js serves it minified (site-script-min.test.ts)
    assert.ok(js.includes("var themeKey = 'blockstats-theme';") && THEME_SCRIPT.includes("'blockstats-theme'"));
    assert.ok(js.includes("select[data-theme-switch]"));
  });
});

describe('sortable statistics on the profile', () => {
  it('each category table has headers for the script to turn into buttons, and sort keys in its cells', async () => {
    const html = (await get('/players/Steve', { headers: HTML })).text;
    const list = html.slice(html.indexOf('id="player-stat-list"'), html.indexOf('id="player-advancements"'));
    const tables = [...list.matchAll(/<table class="data data--compact" data-sortable="true"><thead><tr>(.*?)<\/tr><\/thead>/g)].map((m) => m[1]);
    assert.ok(tables.length >= 2, `${tables.length} category tables`);
    for (const head of tables) {
      assert.equal(head, '<th scope="col" data-type="text">Statistic</th><th scope="col" class="num" data-type="number">Value</th><th scope="col" class="num" data-type="number" data-first="ascending">Rank</th>');
    }
    assert.ok(!/aria-sort/.test(list), 'the server’s order is no column’s: no aria-sort until a click');
    const table = html.slice(html.indexOf('<table class="data data--compact" data-sortable'));
    const jump = element(table, 'href="/stats/jump"', 'tr'); // from the statistic's link to its row's end
    // The value's sort key where its text is not plain digits; none on the rank (12, #12 or –).
    assert.match(jump, /<td class="num"(?: data-v="\d+")?>[^<]+<\/td><td class="num">(?:<span class="(?:rank rank--\d|muted)">#?\d*–?<\/span>)<\/td>/);
    for (const [, value, text] of html.matchAll(/<td class="num" data-v="(\d+)">([^<]*)<\/td>/g)) assert.notEqual(text, value, 'no data-v repeating the text');
  });

  it('site.js sorts numbers by data-v, text by the page language’s collation, and sets aria-sort', () => {
    const js = SITE_SCRIPT; // the readable source: site.js serves it minified (site-script-min.test.ts)
    assert.ok(js.includes("new Intl.Collator(lang, { numeric: true, sensitivity: 'base' })"));
    assert.ok(js.includes("th.setAttribute('aria-sort', order)"));
    assert.ok(js.includes("button.type = 'button'"), 'real buttons: focusable, Enter and Space');
  });
});

describe('wide tables', () => {
  it('a table in a scroll box has a note above it, hidden until the script measures an overflow, for the eye only', async () => {
    for (const [path, note] of [['/totals', 'Scroll sideways for more →'], ['/stats?lang=de', 'Seitlich scrollen für mehr →'], ['/hall-of-fame?lang=ja', '横にスクロールして続きを表示 →']] as const) {
      const html = (await get(path, { headers: HTML })).text;
      assert.ok(html.includes(`<p class="scroll-hint" data-scroll-hint="true" hidden aria-hidden="true">${note}</p><div class="scroll" role="region"`), path);
    }
  });

  it('below 26rem statistic names hyphenate by the page’s language and take the table’s free width', async () => {
    const css = String(siteAssets['site.css']!.body);
    assert.match(css, /@media \(max-width:26rem\)\{[^\n]*\.data td:first-child>a\{hyphens:auto\}\.data th\.w:first-child\{width:100%\}\}/);
    assert.match((await get('/totals?lang=de', { headers: HTML })).text, /^<!doctype html><html lang="de">/);
  });
});

describe('one rule for decimals', () => {
  // Rates, ratios, averages and hours: one decimal whatever the magnitude, per locale.
  const cases: Array<[locale: string, n: number, decimal: string, percent: string]> = [
    ['en', 14123.94, '14,123.9', '14,123.9%'],
    ['en', 104.3, '104.3', '104.3%'],
    ['en', 45, '45.0', '45.0%'],
    ['en', 0.04, '<0.1', '<0.1%'],
    ['en', 0, '0.0', '0.0%'],
    ['de', 14123.94, '14.123,9', '14.123,9 %'],
    ['de', 0.04, '<0,1', '<0,1 %'],
    ['fr', 1234.56, '1 234,6', '1 234,6 %'],
    ['ja', 4.56, '4.6', '4.6%'],
  ];
  for (const [locale, n, decimal, percent] of cases) {
    it(`${locale} ${n}: ${decimal}, ${percent}`, () => {
      const format = siteFormat(locale, 'UTC');
      // Intl separates with no-break spaces (U+00A0, U+202F): compared as spaces.
      const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');
      assert.equal(plain(format.decimal(n)), decimal);
      assert.equal(plain(format.percent(n)), percent);
    });
  }

  it('counts stay whole; a message’s number is a count when whole, else a decimal', () => {
    const format = siteFormat('en', 'UTC');
    assert.equal(format.number(12345), '12,345');
    assert.deepEqual([format.any(3), format.any(2.25), format.any(0.5)], ['3', '2.3', '0.5']);
  });

  it('the activity page’s hours share the rule', async () => {
    const html = (await get('/activity', { headers: HTML })).text;
    const hours = [...html.matchAll(/<td class="num">([\d.,<]+)<\/td><td class="num">\d+<\/td><\/tr>/g)].map((m) => m[1]!);
    assert.ok(hours.length > 0, 'the daily table lists hours');
    for (const h of hours) assert.match(h, /^(<0\.1|[\d,]+\.\d)$/, h);
  });
});
