/**
 * The theme switch and the tables (issue 39) in Chromium, over the demo server:
 * - the theme chosen in the footer's switch holds across a reload and across pages, applied
 *   before the first paint (the page's first frame already has it), with the CSP intact (no
 *   violation reported);
 * - the profile's statistics sort by a header button (click and keyboard), with aria-sort, and
 *   keep the server's order without JavaScript;
 * - at 360 px /stats and /totals do not scroll sideways, in English, German and Russian; names
 *   hyphenate by the page's language, no English name breaks, and a German or Russian one breaks
 *   mid-word only when the word is wider than its cell (Debian's Chromium ships no hyphenation
 *   dictionary, so there the last resort shows; browsers with one hyphenate instead);
 * - a table that does overflow shows its scroll note, and hides it once it fits.
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

/** The page's background colour, as the browser paints it. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** The profile's statistics table `index`: its rows' sort keys by column. */
function tableColumns(page: Page, index: number) {
  return page.$$eval('#player-stat-list table', (tables, i) => {
    const table = tables[i]!;
    return {
      sort: [...table.querySelectorAll('th')].map((th) => th.getAttribute('aria-sort')),
      names: [...table.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('td a')!.textContent!),
      // A value's key is its data-v, or its text where that is plain digits (no data-v then).
      values: [...table.querySelectorAll('tbody tr')].map((tr) => Number(tr.children[1]!.getAttribute('data-v') ?? tr.children[1]!.textContent!.trim())),
      // A rank is its text: 1 to 3 as medals, #12, or – (unranked, '' here).
      ranks: [...table.querySelectorAll('tbody tr')].map((tr) => tr.children[2]!.textContent!.trim().replace('#', '').replace('–', '')),
    };
  }, index);
}

describe('theme switch and tables in Chromium', { skip }, () => {
  let site: ServedSite;
  let profile: string;
  before(async () => {
    site = await demoSite();
    const players = ((await (await fetch(`${site.origin}/v1/players?limit=1`)).json()) as { data: Array<{ uuid: string }> }).data;
    profile = `/players/${players[0]!.uuid}`;
  });
  after(() => site?.close());

  it('the chosen theme holds across a reload and on the next page, from the first paint; auto follows the system again', async () => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text());
    });
    await page.goto(`${site.origin}/stats`);
    const light = await background(page);
    assert.equal(await page.inputValue('#theme-choice'), 'auto');
    assert.ok(await page.isVisible('label[for=theme-choice]'), 'the switch shows, labelled');
    await page.selectOption('#theme-choice', 'dark');
    const dark = await background(page);
    assert.notEqual(dark, light, 'dark applies at once');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');

    // The first frame of a reload is already dark: the inline script has set the theme by the
    // time the body starts (an init script watches for it), before anything could paint.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.body) return;
        (window as unknown as { firstTheme: string | null }).firstTheme = document.documentElement.getAttribute('data-theme');
        seen.disconnect();
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    assert.equal(await page.evaluate(() => (window as unknown as { firstTheme: string | null }).firstTheme), 'dark', 'set before the body was parsed');
    assert.equal(await background(page), dark);
    assert.equal(await page.inputValue('#theme-choice'), 'dark');
    await page.goto(`${site.origin}/totals`);
    assert.equal(await background(page), dark, 'the next page too');
    assert.equal(await page.getAttribute('meta[name=theme-color][media*=light]', 'content'), '#1a1918', 'the browser’s bar follows the choice');

    await page.selectOption('#theme-choice', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.equal(await background(page), light, 'light holds under a dark system');
    await page.selectOption('#theme-choice', 'auto');
    assert.equal(await background(page), dark, 'auto follows the system');
    await page.reload();
    assert.equal(await page.getAttribute('html', 'data-theme'), null);
    assert.deepEqual(violations, [], 'no CSP violation, no error');
    await context.close();
  });

  it('the profile’s statistics sort by their headers: by name in the page’s order, numbers numerically, ranks best first', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.origin}${profile}`);
    const index = await page.$$eval('#player-stat-list table', (tables) => tables.findIndex((t) => t.querySelectorAll('tbody tr').length >= 4));
    assert.ok(index >= 0, 'a table of four rows or more');
    const table = page.locator('#player-stat-list table').nth(index);
    const before = await tableColumns(page, index);
    assert.deepEqual(before.sort, [null, null, null]);

    await table.locator('th').nth(1).locator('button').click();
    let now = await tableColumns(page, index);
    assert.deepEqual(now.sort, [null, 'descending', null]);
    assert.deepEqual(now.values, [...before.values].sort((a, b) => b - a));
    await table.locator('th').nth(1).locator('button').click();
    now = await tableColumns(page, index);
    assert.deepEqual(now.sort, [null, 'ascending', null]);
    assert.deepEqual(now.values, [...before.values].sort((a, b) => a - b));

    // The keyboard: focus the name header's button, Enter.
    await table.locator('th').nth(0).locator('button').focus();
    await page.keyboard.press('Enter');
    now = await tableColumns(page, index);
    assert.deepEqual(now.sort, ['ascending', null, null]);
    assert.deepEqual(now.names, [...before.names].sort(new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare));

    await table.locator('th').nth(2).locator('button').click();
    now = await tableColumns(page, index);
    assert.deepEqual(now.sort, [null, null, 'ascending']);
    const ranked = now.ranks.filter((r) => r !== '').map(Number);
    assert.deepEqual(ranked, [...ranked].sort((a, b) => a - b), 'best rank first');
    assert.ok(now.ranks.indexOf('') === -1 || now.ranks.slice(now.ranks.indexOf('')).every((r) => r === ''), 'unranked rows last');
    await page.close();

    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto(`${site.origin}${profile}`);
    const served = await tableColumns(plain, index);
    assert.deepEqual(served.names, before.names, 'without JavaScript: the server’s order');
    assert.equal(await plain.$$eval('#player-stat-list th button', (b) => b.length), 0, 'and no button that would do nothing');
    assert.equal(await plain.isVisible('#theme-choice'), false, 'nor a theme switch');
    await context.close();
  });

  it('at 360 px /stats and /totals do not scroll sideways, and break a statistic name mid-word only where the word is wider than its cell, in English, German and Russian', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const failures: string[] = [];
    for (const lang of ['en', 'de', 'ru']) {
      for (const path of ['/stats', '/totals']) {
        await page.goto(`${site.origin}${path}?lang=${lang}`, { waitUntil: 'load' });
        const report = await page.evaluate(() => {
          const wide = [document.documentElement, ...document.querySelectorAll('.scroll')]
            .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => `${e.className || e.tagName} ${e.scrollWidth - e.clientWidth} px too wide`);
          // A word drawn on two lines though a line of its cell could hold it whole: a needless break.
          // A word's width drawn whole in the link's font: a nowrap copy beside it. (Inline:
          // tsx names functions with a helper the page does not have.)
          const probe = document.createElement('span');
          probe.style.whiteSpace = 'nowrap';
          const needless: string[] = [];
          let broken = 0;
          for (const link of document.querySelectorAll('.data td:first-child > a')) {
            const text = link.firstChild;
            if (!text || text.nodeType !== Node.TEXT_NODE) continue;
            const cell = link.parentElement!;
            const style = getComputedStyle(cell);
            const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            for (const match of (text as Text).data.matchAll(/[^\s-]+-?/g)) {
              const range = document.createRange();
              range.setStart(text, match.index!);
              range.setEnd(text, match.index! + match[0].length);
              if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size < 2) continue;
              broken++;
              probe.textContent = match[0];
              link.after(probe);
              const width = probe.getBoundingClientRect().width;
              probe.remove();
              if (width < room - 1) needless.push(`${match[0]} (${Math.round(width)} of ${Math.round(room)} px)`);
            }
          }
          const hints = [...document.querySelectorAll('[data-scroll-hint]')].filter((h) => !(h as HTMLElement).hidden).length;
          const hyphens = getComputedStyle(document.querySelector('.data td:first-child > a')!).hyphens;
          return { wide, needless, broken, hints, hyphens, lang: document.documentElement.lang };
        });
        failures.push(...report.wide.map((w) => `${lang} ${path}: ${w}`));
        failures.push(...report.needless.map((w) => `${lang} ${path}: “${w}” broken though it fits`));
        if (report.hyphens !== 'auto' || report.lang !== lang) failures.push(`${lang} ${path}: names do not hyphenate by the page’s language (${report.hyphens}, lang ${report.lang})`);
        if (report.hints !== 0) failures.push(`${lang} ${path}: a scroll note shows with nothing to scroll`);
        if (lang === 'en' && report.broken > 0) failures.push(`en ${path}: ${report.broken} English names broken`);
      }
    }
    await page.close();
    assert.deepEqual(failures, []);
  });

  it('a table that overflows its frame shows the scroll note, and hides it once it fits', async () => {
    const page = await browser.newPage({ viewport: { width: 320, height: 700 } });
    await page.goto(`${site.origin}/totals`);
    // Make the table wider than any phone, as a long translation or a long name could.
    await page.$eval('#totals-list table', (table) => { (table as HTMLElement).style.minWidth = '40rem'; });
    await page.waitForFunction(() => !(document.querySelector('[data-scroll-hint]') as HTMLElement).hidden);
    assert.equal(await page.textContent('[data-scroll-hint]'), 'Scroll sideways for more →');
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.waitForFunction(() => (document.querySelector('[data-scroll-hint]') as HTMLElement).hidden);
    await page.close();
  });
});
