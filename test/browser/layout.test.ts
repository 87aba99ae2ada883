/**
 * Layout defects players found (issue 39), measured in Chromium over the demo server:
 * - from 26rem (416 px) up, no word in a table cell or list is broken mid-word (the body once had
 *   `overflow-wrap: anywhere`, which broke "Hol/der/s" at every width);
 * - names of up to 16 characters show whole in the home page's hall of fame and the players list
 *   on a 390 px phone;
 * - the edition tag stays visible at phone width, so Java and Bedrock players of one name differ;
 * - in all ten languages the sections' bar wraps instead of scrolling sideways, from a 360 px phone
 *   to 1,440 px: every section's link in sight and big enough to tap;
 * - the pixel face's subsets load where a heading needs them: latin-ext on Polish and Turkish
 *   pages, not on English, German, Russian or Japanese ones (Russian headings are in the system font).
 * Skipped like the rest of the browser suite where Chromium or the test matrix is missing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { useMatrix } from '../support/matrix.js';
import { demoSite, type ServedSite } from './sites.js';

const matrixSkip = useMatrix();
const launched = matrixSkip ? { browser: null, skip: matrixSkip } : await (await import('./chromium.js')).launchChromium();
const browser = launched.browser as Browser;
const skip = launched.skip ?? false;
after(() => launched.browser?.close());

/** Words (runs of non-spaces, a break after a hyphen allowed) drawn on more than one line. */
function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (elements) => {
    const broken = new Set<string>();
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (const match of node.data.matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(node, match.index!);
          range.setEnd(node, match.index! + match[0].length);
          if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.add(match[0]);
        }
      }
    }
    return [...broken];
  });
}

/** Player names drawn cut short (with an ellipsis). */
const cutNames = (page: Page, selector: string) =>
  page.$$eval(selector, (names) => names.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent ?? ''));

describe('layout at phone and desktop widths', { skip }, () => {
  let site: ServedSite;
  before(async () => {
    site = await demoSite();
  });
  after(() => site?.close());

  it('from 416 px up, table cells and lists break no word in the middle', async () => {
    const page = await browser.newPage();
    const failures: string[] = [];
    for (const width of [416, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/advancements', '/players', '/hall-of-fame', '/totals', '/']) {
        await page.goto(`${site.origin}${path}`, { waitUntil: 'load' });
        const words = await brokenWords(page, '.data td, .data th, .list li');
        if (words.length > 0) failures.push(`${path} at ${width} px: ${words.slice(0, 5).join(', ')}`);
      }
    }
    await page.close();
    assert.deepEqual(failures, []);
  });

  it('a 390 px phone shows 16-character names whole in the hall of fame and the players list', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const failures: string[] = [];
    for (const [path, selector] of [['/', '.list .player>a'], ['/players', '.data .player>a'], ['/hall-of-fame', '.data .player>a']] as const) {
      await page.goto(`${site.origin}${path}`, { waitUntil: 'load' });
      const names = await page.$$eval(selector, (links) => links.map((l) => l.textContent ?? ''));
      assert.ok(names.length > 0, `${path} lists players`);
      failures.push(...(await cutNames(page, selector)).filter((name) => [...name].length <= 16).map((name) => `${path}: ${name}`));
    }
    await page.close();
    assert.deepEqual(failures, []);
  });

  it('at 360 px each listed player still shows its edition', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await page.goto(`${site.origin}/players`, { waitUntil: 'load' });
    const rows = await page.$$eval('.data tbody tr', (trs) => trs.map((tr) => {
      const tag = tr.querySelector('.tag');
      return tag ? tag.getBoundingClientRect().width > 0 && getComputedStyle(tag).display !== 'none' : false;
    }));
    assert.ok(rows.length > 5);
    assert.ok(rows.every(Boolean), 'every row shows its Java or Bedrock tag');
    await page.close();
  });

  it('in every language, from 360 to 1,440 px, the nav bar shows every section: no sideways scroll, each link in sight and tappable', async () => {
    const page = await browser.newPage();
    const failures: string[] = [];
    for (const width of [360, 1000, 1200, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      for (const lang of ['en', 'de', 'fr', 'es', 'pt-BR', 'ru', 'pl', 'zh-CN', 'ja', 'tr']) {
        await page.goto(`${site.origin}/players?lang=${lang}`, { waitUntil: 'load' });
        const found = await page.evaluate(() => {
          const problems: string[] = [];
          const ul = document.querySelector('nav.nav ul')!;
          if (ul.scrollWidth > ul.clientWidth + 1) problems.push(`the bar scrolls ${ul.scrollWidth - ul.clientWidth} px sideways`);
          if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1) problems.push('the page scrolls sideways');
          const links = [...ul.querySelectorAll('a')];
          if (links.length !== 9) problems.push(`${links.length} links`);
          for (const a of links) {
            const r = a.getBoundingClientRect();
            if (r.left < 0 || r.right > document.documentElement.clientWidth) problems.push(`${a.textContent} out of sight`);
            if (r.height < 24 || r.width < 24) problems.push(`${a.textContent} ${Math.round(r.width)}×${Math.round(r.height)} px`);
          }
          return problems;
        });
        failures.push(...found.map((what) => `${lang} at ${width} px: ${what}`));
      }
    }
    await page.close();
    assert.deepEqual(failures, []);
  });

  it('the pixel face loads its latin-ext subset on Polish and Turkish pages and not elsewhere; Russian headings are in the system font', async () => {
    const loaded: Record<string, string[]> = {};
    const headingFaces: Record<string, string> = {};
    for (const lang of ['en', 'de', 'pl', 'tr', 'ru', 'ja']) {
      const context = await browser.newContext(); // a first visit: nothing cached
      const page = await context.newPage();
      await page.goto(`${site.origin}/players/Stonebeard?lang=${lang}`, { waitUntil: 'load' });
      loaded[lang] = await page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => (/U\+0*104/i.test(f.unicodeRange) ? 'latin-ext' : /U\+0*410/i.test(f.unicodeRange) ? 'cyrillic' : 'latin')).sort();
      });
      headingFaces[lang] = await page.evaluate(() => (getComputedStyle(document.querySelector('h1')!).fontFamily.startsWith('"Pixelify Sans"') ? 'pixel' : 'system'));
      await context.close();
    }
    assert.deepEqual(loaded, { en: ['latin'], de: ['latin'], pl: ['latin', 'latin-ext'], tr: ['latin', 'latin-ext'], ru: ['latin'], ja: ['latin'] });
    assert.deepEqual(headingFaces, { en: 'pixel', de: 'pixel', pl: 'pixel', tr: 'pixel', ru: 'system', ja: 'pixel' });
  });
});
