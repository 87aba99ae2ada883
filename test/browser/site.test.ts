/**
 * The website in a real Chromium (Debian's, through playwright-core), over the demo server, a
 * real save and a save of hostile player names:
 * - a crawler from `/` follows every internal link (pages, files, JSON twins): none broken;
 * - every page kind renders with no console error, no request to another host, and no serious
 *   or critical axe-core violation, in light and dark;
 * - screenshots at 390 px and 1280 px (light; dark at 1280 for the demo) land in test/browser/screenshots
 *   (git-ignored) for review; at 360 px neither the page nor a table scrolls sideways, in English
 *   and in German, Russian and Japanese (`lang-<tag>-<kind>-360-light.png`);
 * - the values shown are the API's; the enhancements work, and pages work without JavaScript;
 * - hostile names are shown as text.
 * Skipped, loudly, where Chromium cannot start, and without the test matrix (playwright-core and
 * axe-core come from test/matrix); under CI either is a failure.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useMatrix } from '../support/matrix.js';
import { REAL_SAVES, REAL_SAVES_ABSENT, REPO_ROOT, realSavesPresent } from '../support/repo.js';
import { removeControls } from '@blockstats/svg';
import { THEME_SCRIPT } from '../../packages/server/src/site/assets/themeScript.js';
import { seriousViolations } from './axe.js';
import { crawl, type CrawlResult } from './crawl.js';
import { KINDS } from './pageKinds.js';
import { demoSite, HOSTILE_NAMES, hostileSite, networkSite, realSaveSite, type ServedSite } from './sites.js';

const SHOTS = join(REPO_ROOT, 'test', 'browser', 'screenshots');
const matrixSkip = useMatrix();
// chromium.js imports playwright-core, so it is loaded only with the matrix installed.
const launched = matrixSkip ? { browser: null, skip: matrixSkip } : await (await import('./chromium.js')).launchChromium();
const browser = launched.browser as Browser;
const skip = launched.skip ?? false;
after(() => launched.browser?.close());

/** One path of each kind the crawl found, plus a comparison and a 404. */
function kindPaths(result: CrawlResult, twoPlayers: [string, string]): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const [kind, pattern] of KINDS) {
    const path = result.pages.find((p) => pattern.test(p));
    if (path) found.push([kind, path]);
  }
  found.push(['comparison', `/compare?a=${encodeURIComponent(twoPlayers[0])}&b=${encodeURIComponent(twoPlayers[1])}`]);
  found.push(['comparison-month', `/compare?a=${encodeURIComponent(twoPlayers[0])}&b=${encodeURIComponent(twoPlayers[1])}&period=month`]);
  found.push(['not-found', '/no/such/page']);
  return found;
}

/** A tab that records console errors, page errors, dialogs and requests to other hosts. */
async function openTab(context: BrowserContext, allowedOrigins: readonly string[]) {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog opened: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    const { origin } = new URL(request.url());
    if (!allowedOrigins.includes(origin) && !request.url().startsWith('data:')) problems.push(`request to another host: ${request.url()}`);
  });
  return { page, problems };
}

/**
 * Visits each page kind once and looks at it as a person would: at 1280 px in light (full axe
 * run, screenshot), with `dark`, at 1280 px in dark (the colour rules again, screenshot), and at
 * 390 px (screenshot). No console error (a 404 page's own status line excepted), no request to
 * another host, no serious or critical axe violation.
 */
async function checkKinds(site: ServedSite, label: string, paths: Array<[string, string]>, allowedOrigins: string[], dark: boolean): Promise<string[]> {
  const failures: string[] = [];
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  const { page, problems } = await openTab(context, [site.origin, ...allowedOrigins]);
  for (const [kind, path] of paths) {
    problems.length = 0;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    const response = await page.goto(`${site.origin}${path}`, { waitUntil: 'load' });
    assert.equal(response?.status(), kind === 'not-found' ? 404 : 200, `${label} ${path}`);
    const shot = (width: number, scheme: string) => page.screenshot({ path: join(SHOTS, `${label}-${kind}-${width}-${scheme}.png`), fullPage: true });
    for (const v of await seriousViolations(page)) failures.push(`${label} light ${path}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
    await shot(1280, 'light');
    if (dark) {
      await page.emulateMedia({ colorScheme: 'dark' });
      for (const v of await seriousViolations(page, 'colour')) failures.push(`${label} dark ${path}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
      await shot(1280, 'dark');
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(390, 'light');
    // From 360 px phones up, nothing scrolls sideways: not the page, not a table in its frame.
    await page.setViewportSize({ width: 360, height: 780 });
    const sideways = await page.evaluate(() =>
      [document.documentElement, ...document.querySelectorAll('.scroll')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => `${e.tagName.toLowerCase()}${e.className ? `.${e.className}` : ''} ${e.scrollWidth - e.clientWidth} px too wide`),
    );
    failures.push(...sideways.map((what) => `${label} ${path} at 360 px: ${what}`));
    const expected = kind === 'not-found' ? (p: string) => !/status of 404/.test(p) : () => true;
    failures.push(...problems.filter(expected).map((p) => `${label} ${path}: ${p}`));
  }
  await context.close();
  return failures;
}

/** The texts of the cells of a table row, after its player (`data-player`) or else its first link's path. */
const cellTexts = (page: Page, selector: string) =>
  page.$$eval(selector, (rows) => rows.map((row) => [row.getAttribute('data-player') ?? row.querySelector('a')?.getAttribute('href') ?? '', ...[...row.querySelectorAll('td')].map((td) => td.textContent!.trim())]));

describe('the website in Chromium: demo server', { skip }, () => {
  let site: ServedSite;
  let result: CrawlResult;
  let players: Array<{ name: string; uuid: string }>;
  before(async () => {
    site = await demoSite();
    result = await crawl(site.origin, 5_000, { everyLanguage: true });
    players = ((await (await fetch(`${site.origin}/v1/players?sort=name&limit=500`)).json()) as { data: Array<{ name: string; uuid: string }> }).data;
  });
  after(() => site?.close());

  it('a crawler from / follows every internal link and finds none broken; every page kind in every language under 60 KB on a first visit', (t) => {
    assert.deepEqual(result.broken, []);
    assert.ok(result.pages.length > 300, `${result.pages.length} pages crawled`);
    for (const [kind, pattern] of KINDS) assert.ok(result.pages.some((p) => pattern.test(p)), `a ${kind} page was reached`);
    assert.ok(result.files.some((f) => f.startsWith('/assets/')) && result.files.some((f) => f.startsWith('/v1/')));
    // A first visit: the page, the site's files (style, script, icon, sprite) and the pixel
    // face's subsets its text needs: latin on every page, latin-ext on a Polish or Turkish one;
    // Russian, Chinese and Japanese draw their own letters in the system font.
    assert.deepEqual([...result.languages].sort(), ['de', 'en', 'es', 'fr', 'ja', 'pl', 'pt-BR', 'ru', 'tr', 'zh-CN']);
    assert.ok(result.filesGzip > 0 && result.fontsGzip > 0 && result.fontsGzip < 20 * 1024, `files ${result.filesGzip} B, the pixel face ${result.fontsGzip} B`);
    const over: string[] = [];
    for (const [kind] of KINDS) {
      for (const lang of result.languages) {
        const visits = result.visits.filter((v) => v.kind === kind && v.lang === lang);
        assert.ok(visits.length > 0, `${kind} weighed in ${lang}`);
        for (const { path, gzip, fonts } of visits) {
          assert.ok(fonts > 0, `${path}: the face's latin subset at least (the server's name)`);
          if (gzip + fonts + result.filesGzip >= 60 * 1024) over.push(`${path}: ${gzip} B + files ${result.filesGzip} B + fonts ${fonts} B`);
        }
      }
    }
    const { path, gzip, fonts } = result.heaviest;
    t.diagnostic(`heaviest first visit: ${path}: ${gzip} B + files ${result.filesGzip} B + fonts ${fonts} B = ${gzip + fonts + result.filesGzip} B`);
    assert.deepEqual(over, []);
    assert.ok(gzip + fonts + result.filesGzip < 60 * 1024);
  });

  it('every page kind: no console error, no foreign request, no serious axe violation; screenshots written', async () => {
    const ranked = players.filter((p) => p.name && /^\w+$/.test(p.name));
    const failures = await checkKinds(site, 'demo', kindPaths(result, [ranked[0]!.name, ranked[1]!.name]), [], true);
    assert.deepEqual(failures, []);
  });

  it('in German, Russian and Japanese (long words, CJK): every page kind at 360 px, nothing scrolls sideways; screenshots written', async () => {
    const ranked = players.filter((p) => p.name && /^\w+$/.test(p.name));
    const paths = kindPaths(result, [ranked[0]!.name, ranked[1]!.name]);
    const failures: string[] = [];
    mkdirSync(SHOTS, { recursive: true });
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, colorScheme: 'light' });
    const { page, problems } = await openTab(context, [site.origin]);
    for (const tag of ['de', 'ru', 'ja']) {
      for (const [kind, path] of paths) {
        problems.length = 0;
        const response = await page.goto(`${site.origin}${path}${path.includes('?') ? '&' : '?'}lang=${tag}`, { waitUntil: 'load' });
        assert.equal(response?.status(), kind === 'not-found' ? 404 : 200, `${tag} ${path}`);
        assert.equal(await page.getAttribute('html', 'lang'), tag, `${tag} ${path}: <html lang>`);
        await page.screenshot({ path: join(SHOTS, `lang-${tag}-${kind}-360-light.png`), fullPage: true });
        const sideways = await page.evaluate(() =>
          [document.documentElement, ...document.querySelectorAll('.scroll')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => `${e.tagName.toLowerCase()}${e.className ? `.${e.className}` : ''} ${e.scrollWidth - e.clientWidth} px too wide`),
        );
        failures.push(...sideways.map((what) => `${tag} ${path} at 360 px: ${what}`));
        const expected = kind === 'not-found' ? (p: string) => !/status of 404/.test(p) : () => true;
        failures.push(...problems.filter(expected).map((p) => `${tag} ${path}: ${p}`));
      }
    }
    await context.close();
    assert.deepEqual(failures, []);
  });

  it('period pages show the demo\'s stat history: rows on the week\'s and month\'s boards and totals, rank arrows on the month\'s, weekly charts on profiles', async () => {
    const page = await browser.newPage();
    const look = async (path: string) => {
      assert.equal((await page.goto(`${site.origin}${path}`))?.status(), 200, path);
      return {
        rows: await page.locator('table tbody tr').count(),
        arrows: await page.locator('.move--up, .move--down').count(),
        marks: await page.locator('.move').count(),
        charts: await page.locator('svg.chart').count(),
      };
    };
    // The demo clock stands on a Monday morning: the week has one day, its players all new to it.
    const week = await look('/stats/jump?period=week');
    assert.ok(week.rows > 0 && week.marks === week.rows, `week: ${JSON.stringify(week)}`);
    const month = await look('/stats/jump?period=month');
    assert.ok(month.rows >= 10 && month.arrows > 0 && month.marks === month.rows, `month: ${JSON.stringify(month)}`);
    assert.ok((await look('/totals?period=month')).rows >= 10);
    const top = ((await (await fetch(`${site.origin}/v1/stats/jump?period=month&limit=1`)).json()) as { data: Array<{ player: { uuid: string } }> }).data[0]!;
    const profile = await look(`/players/${top.player.uuid}`);
    assert.ok(profile.charts > 0, `profile: ${JSON.stringify(profile)}`);
    await page.close();
  });

  it('profiles show the API’s values for sampled players', async () => {
    const page = await browser.newPage();
    for (const player of [players[0]!, players[Math.floor(players.length / 2)]!, players.at(-1)!]) {
      await page.goto(`${site.origin}/players/${encodeURIComponent(player.uuid)}`);
      // A profile's statistic rows: those whose link is a statistic's page, by that path.
      const rows = new Map((await cellTexts(page, 'table[data-sortable] tbody tr:has(a[href^="/stats/"])')).map(([path, ...cells]) => [path!, cells]));
      const api = (await (await fetch(`${site.origin}/v1/players/${player.uuid}/stats`)).json()) as { data: { stats: Array<{ id: string; display: string; rank: number | null }> } };
      assert.equal(rows.size, api.data.stats.length, player.name);
      for (const entry of api.data.stats) {
        const [, shown, rank] = rows.get(`/stats/${encodeURIComponent(entry.id)}`)!;
        assert.equal(shown, entry.display, `${player.name} ${entry.id}`);
        assert.equal(rank, entry.rank === null ? '–' : entry.rank <= 3 ? String(entry.rank) : `#${entry.rank}`, `${player.name} ${entry.id} rank`);
      }
      const profile = (await (await fetch(`${site.origin}/v1/players/${player.uuid}`)).json()) as { data: { play_time: { display: string }; advancements_earned: number; advancements_available: number } };
      const tiles = await page.$$eval('.tile dd', (dds) => dds.map((dd) => dd.textContent!.trim()));
      assert.ok(tiles.includes(profile.data.play_time.display), `${player.name} play time`);
      assert.ok(tiles.some((text) => text.startsWith(`${profile.data.advancements_earned} of ${profile.data.advancements_available}`)), `${player.name} advancements`);
    }
    await page.close();
  });

  it('leaderboards show the API’s entries, in order, for sampled stats', async () => {
    const page = await browser.newPage();
    for (const stat of ['play_time', 'jump', 'walk_one_cm', 'damage_dealt']) {
      await page.goto(`${site.origin}/stats/${stat}`);
      const rows = await cellTexts(page, 'tr[data-player]');
      const api = (await (await fetch(`${site.origin}/v1/stats/${stat}?limit=100`)).json()) as { data: Array<{ rank: number; display: string; player: { uuid: string } }> };
      assert.deepEqual(rows.map(([uuid, rank, , value]) => [uuid, rank, value]), api.data.map((e) => [e.player.uuid, String(e.rank), e.display]), stat);
    }
    await page.close();
  });

  it('the enhancements: filter as you type, sortable tables, live player search', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.origin}/stats`);
    await page.fill('input[data-filter]', 'diamond');
    const visible = await page.$$eval('#stat-list tbody tr', (rows) => rows.filter((r) => !(r as HTMLElement).hidden).map((r) => r.textContent!.toLowerCase()));
    assert.ok(visible.length > 0 && visible.every((text) => text.includes('diamond')), 'only matching stats stay');
    assert.match(await page.textContent('[role=status]') ?? '', /\d+ match/);

    await page.goto(`${site.origin}/totals`);
    await page.click('th:has-text("Server total") button');
    assert.equal(await page.getAttribute('th:has-text("Server total")', 'aria-sort'), 'descending');
    const totals = await page.$$eval('tbody tr', (rows) => rows.map((r) => Number(r.children[2]!.getAttribute('data-v'))));
    assert.deepEqual(totals, [...totals].sort((a, b) => b - a));

    const wanted = players.find((p) => p.name && p.name.length > 5)!.name;
    await page.goto(`${site.origin}/players`);
    await page.fill('input[name=q]', wanted.slice(0, 5));
    await page.waitForURL((url) => url.search.includes(`q=${encodeURIComponent(wanted.slice(0, 5))}`));
    const names = await page.$$eval('#player-results tbody tr bdi', (els) => els.map((e) => e.textContent!));
    assert.ok(names.includes(wanted) && names.every((n) => n.toLowerCase().includes(wanted.slice(0, 5).toLowerCase())), names.join(', '));
    await page.close();
  });

  it('pages work with JavaScript off: the search form asks the server', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/stats`);
    await page.fill('input[name=q]', 'diamond');
    await Promise.all([page.waitForURL(/q=diamond/), page.click('main button[type=submit]')]);
    const rows = await page.$$eval('#stat-list tbody tr', (trs) => trs.map((r) => r.textContent!.toLowerCase()));
    assert.ok(rows.length > 0 && rows.every((text) => text.includes('diamond')));
    await page.goto(`${site.origin}/compare`);
    await page.fill('input[name=a]', players[0]!.name);
    await page.fill('input[name=b]', players[1]!.name);
    await Promise.all([page.waitForURL(/compare\?a=/), page.click('main button[type=submit]')]);
    assert.ok(await page.$('#compare-table tbody tr'));
    await context.close();
  });
});

describe('the website in Chromium: a real save', { skip: skip || (!realSavesPresent() && REAL_SAVES_ABSENT) }, () => {
  let site: ServedSite;
  let result: CrawlResult;
  before(async () => {
    site = await realSaveSite(join(REAL_SAVES, 'georgia-smp-paper-1.19.2'));
    result = await crawl(site.origin);
  });
  after(() => site?.close());

  it('a crawler from / finds no broken link', () => {
    assert.deepEqual(result.broken, []);
    assert.ok(result.pages.some((p) => p.startsWith('/players/')));
  });

  it('every page kind: no console error, no foreign request, no serious axe violation', async () => {
    const names = ((await (await fetch(`${site.origin}/v1/players?limit=2`)).json()) as { data: Array<{ name: string | null; uuid: string }> }).data.map((p) => p.name ?? p.uuid);
    assert.deepEqual(await checkKinds(site, 'real', kindPaths(result, [names[0]!, names[1]!]), [], false), []);
  });
});

describe('the website in Chromium: hostile player names', { skip }, () => {
  let site: Awaited<ReturnType<typeof hostileSite>>;
  before(async () => {
    site = await hostileSite();
  });
  after(() => site?.close());

  it('names with markup, quotes and right-to-left marks are shown as text, run nothing, break no link', async () => {
    const { page, problems } = await openTab(await browser.newContext(), [site.origin, site.imageOrigin]);
    for (const [i, uuid] of site.uuids.entries()) {
      await page.goto(`${site.origin}/players/${uuid}`);
      // Shown as text, with control characters and bidi overrides removed (issue 40).
      assert.equal((await page.textContent('h1 bdi'))?.trim(), removeControls(HOSTILE_NAMES[i]!), 'the name is the heading’s text');
      // The page's own scripts: site.js and the theme's inline script (allowed by its hash).
      assert.equal(await page.$$eval('script', (scripts, theme) => scripts.filter((s) => !s.getAttribute('src')?.endsWith('/site.js') && s.textContent !== theme).length, THEME_SCRIPT), 0, 'no script element from a name');
      assert.equal(await page.$$eval('img[src="x"], svg[onload], b', (els) => els.length), 0, 'no element from a name');
      assert.match(await page.title(), /^.+ · <i>Test<\/i> SMP "quoted"$/s);
    }
    await page.goto(`${site.origin}/players?sort=name`);
    const shown = await page.$$eval('#player-results tbody bdi', (els) => els.map((e) => e.textContent));
    for (const name of HOSTILE_NAMES) assert.ok(shown.includes(removeControls(name)), name);
    const result = await crawl(site.origin);
    assert.deepEqual(result.broken, []);
    assert.deepEqual(problems, []);
  });

  it('with external images on, heads come from the configured host (icons from the sprite); screenshots of the hostile pages', async () => {
    const result = await crawl(site.origin, 40);
    const paths = kindPaths(result, [site.uuids[0]!, site.uuids[3]!]).filter(([kind]) => ['leaderboard', 'players', 'profile', 'comparison'].includes(kind));
    const before = site.imageRequests();
    assert.deepEqual(await checkKinds(site, 'hostile', paths, [site.imageOrigin], true), []);
    assert.ok(site.imageRequests() > before, 'heads were loaded from the local image host');
  });
});

describe('the website in Chromium: a network', { skip }, () => {
  let site: Awaited<ReturnType<typeof networkSite>>;
  before(async () => {
    site = await networkSite();
  });
  after(() => site?.close());

  it('the server switcher: plain links that keep the page without JavaScript, into a view whose links stay in it; no broken link in any view', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.origin}/stats/jump`);
    const labels = await page.$$eval('nav.switcher a', (links) => links.map((a) => a.textContent));
    assert.deepEqual(labels, ['Whole network', ...site.servers.map((s) => s.name)]);
    await Promise.all([page.waitForURL(/\/stats\/jump\?server=skyblock$/), page.click(`nav.switcher a:has-text("${site.servers[2]!.name}")`)]);
    assert.equal(await page.getAttribute('nav.switcher a[aria-current]', 'href'), '/stats/jump?server=skyblock');
    // A player link of skyblock's leaderboard stays in skyblock, and its profile has the table by server.
    await Promise.all([page.waitForURL(/\/players\/[^?]+\?server=skyblock$/), page.click('tr[data-player] a')]);
    assert.ok((await page.$$('table[data-breakdown] tbody tr')).length >= 2);
    await context.close();
    // From / the switcher leads the crawl into every server's view.
    const result = await crawl(site.origin, 200);
    assert.deepEqual(result.broken, []);
    for (const server of site.servers) assert.ok(result.pages.some((p) => p.endsWith(`server=${server.id}`)), server.id);
  });

  it("a server's pages: no console error, no foreign request, no serious axe violation, nothing sideways at 360 px", async () => {
    const players = ((await (await fetch(`${site.origin}/v1/players?limit=2&server=survival`)).json()) as { data: Array<{ uuid: string }> }).data;
    const paths: Array<[string, string]> = [['home', '/?server=survival'], ['leaderboard', '/stats/jump?server=survival'], ['profile', `/players/${players[0]!.uuid}?server=survival`], ['network-profile', `/players/${players[1]!.uuid}`]];
    assert.deepEqual(await checkKinds(site, 'network', paths, [], true), []);
  });
});
