import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findStat, statTotal, type Snapshot } from '../../packages/core/src/index.js';
import { createRouter, type BlockstatsRouter } from '../../packages/server/src/index.js';
import { NETWORK_DEFAULTS } from '../generate-demo-network.js';
import { generateDemoNetwork, type NetworkSummary } from './generate.js';
import { networkRouter } from './network-router.js';
import { rawView, readRawNetwork, type RawNetwork, type RawPlayer } from './raw-network.js';

// Issue 38's website on the generated network: every page in the network view and in each
// server's view, with the server switcher, links that keep the view, and a profile's per-server
// breakdown checked against sums computed from the raw files (raw-network.ts).

const NOW = Date.parse(NETWORK_DEFAULTS.now);
const BASE = 'http://stats.test';
const HTML = { accept: 'text/html' };
const VIEWS = ['network', 'survival', 'creative', 'skyblock'] as const;

const root = mkdtempSync(join(tmpdir(), 'demo-network-site-'));
let summary: NetworkSummary;
let raw: RawNetwork;
let router: BlockstatsRouter;
let snapshots: Map<string, Snapshot>;

before(async () => {
  summary = generateDemoNetwork({ out: root, seed: NETWORK_DEFAULTS.seed, people: NETWORK_DEFAULTS.people, now: NOW });
  raw = readRawNetwork(summary.servers);
  // A vouched-for origin: canonical and og:url are absolute URLs on it.
  ({ router, snapshots } = await networkRouter(summary, NOW, { baseUrl: BASE, site: { externalImages: false } }));
});
after(() => rmSync(root, { recursive: true, force: true }));

/** A page of the site in one view, as a browser asks for it. */
async function page(path: string, view: string): Promise<{ status: number; html: string }> {
  const url = new URL(`${BASE}${path}`);
  if (view !== 'network') url.searchParams.set('server', view);
  const response = await router.fetch(new Request(url, { headers: HTML }));
  return { status: response.status, html: await response.text() };
}

/** Every `href`, `src` and form `action` of a page, entities decoded. */
function references(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src|action|content)="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
}

/** The switcher's links: `[label, href, current]`. */
function switcher(html: string): Array<[string, string, boolean]> {
  const nav = /<nav class="switcher" aria-label="Server"><ul>(.*?)<\/ul><\/nav>/s.exec(html);
  assert.ok(nav, 'the switcher is on the page');
  return [...nav[1]!.matchAll(/<a href="([^"]*)"( aria-current="true")?>([^<]*)<\/a>/g)].map((m) => [m[3]!, m[1]!.replaceAll('&amp;', '&'), m[2] !== undefined]);
}

const ticks = (p: RawPlayer): number => statTotal(findStat('play_time')!, p.counters);
const person = (trait: string) => summary.people.find((p) => p.trait === trait)!;

describe('the website of a network', () => {
  const pages = () => {
    const everywhere = person('everywhere');
    return ['/', '/stats', '/stats/jump', '/stats/jump/page/2', '/players', `/players/${everywhere.name}`, '/advancements', '/advancements/story/mine_stone', '/hall-of-fame', '/totals', '/events', '/activity', `/compare?a=${everywhere.name}&b=${person('bedrock_everywhere').name}`];
  };

  for (const view of VIEWS) {
    it(`answers every page in the ${view} view, with the switcher and every link in the view`, async () => {
      for (const path of pages()) {
        const { status, html } = await page(path, view);
        if (status === 404 && path.includes('/page/')) continue; // a view too short for a second page
        assert.equal(status, 200, `${path} in ${view}: ${html.slice(0, 300)}`);
        const entries = switcher(html);
        assert.deepEqual(entries.map(([label]) => label), ['Whole network', ...summary.servers.map((s) => s.name)], path);
        assert.deepEqual(entries.filter(([, , current]) => current).map(([label]) => label), [view === 'network' ? 'Whole network' : summary.servers.find((s) => s.id === view)!.name]);
        for (const [label, href] of entries) {
          const target = new URL(href, BASE);
          const wanted = label === 'Whole network' ? null : summary.servers.find((s) => s.name === label)!.id;
          assert.equal(target.searchParams.get('server'), wanted, `${path}: the switcher's ${label}`);
          // Following it answers a page (the same one, or its list where that view lacks it).
          if (path === pages()[5]) assert.equal((await router.fetch(new Request(target, { headers: HTML }))).status, 200, href);
        }
        // Every link into the site (pages, JSON twins, canonical, og:url, card) keeps the view,
        // except the switcher's own and the site's files.
        const switcherHrefs = new Set(entries.map(([, href]) => href));
        for (const reference of references(html)) {
          const url = new URL(reference, BASE);
          if (url.origin !== BASE || url.pathname.startsWith('/assets/') || switcherHrefs.has(reference) || reference.startsWith('#')) continue;
          if (reference === '' || !/^\/|^http/.test(reference)) continue;
          assert.equal(url.searchParams.get('server'), view === 'network' ? null : view, `${path} in ${view} links ${reference}`);
        }
        const forms = [...html.matchAll(/<form[^>]*method="get"[^>]*>(.*?)<\/form>/gs)];
        for (const form of forms) {
          assert.equal(form[1]!.includes(`<input type="hidden" name="server" value="${view}"/>`), view !== 'network', `${path}: a search form in ${view} keeps the view`);
        }
      }
    });
  }

  it('follows a server view page by page: pagination, player links and the canonical URL keep server=', async () => {
    const { html } = await page('/stats/jump', 'survival');
    assert.match(html, /<link rel="canonical" href="http:\/\/stats\.test\/stats\/jump\?server=survival"\/>/);
    assert.match(html, /<meta property="og:url" content="http:\/\/stats\.test\/stats\/jump\?server=survival"\/>/);
    const next = /<a href="([^"]*)" rel="next"/.exec(html);
    if (next) assert.equal(next[1]!.replaceAll('&amp;', '&'), '/stats/jump/page/2?server=survival');
    assert.match(html, /href="\/players\/[^"?]+\?server=survival"/);
  });

  it("shows a profile's per-server breakdown equal to the raw files' sums", async () => {
    for (const trait of ['everywhere', 'bedrock_everywhere', 'skyblock_only']) {
      const who = person(trait);
      for (const view of VIEWS) {
        if (view !== 'network' && !who.servers.includes(view)) continue;
        const { status, html } = await page(`/players/${who.uuid}`, view);
        assert.equal(status, 200, `${trait} in ${view}`);
        const rows = [...html.matchAll(/<tr data-server="([^"]*)"[^>]*>(.*?)<\/tr>/gs)].map((m) => ({ server: m[1]!, cells: [...m[2]!.matchAll(/data-v="(\d+)"/g)].map((c) => Number(c[1])) }));
        // The servers the raw files have the player on, in configuration order, then the network.
        const played = summary.servers.map((s) => s.id).filter((id) => rawView(raw, [id]).has(who.uuid));
        assert.deepEqual(rows.map((r) => r.server), [...played, '-'], `${trait} in ${view}`);
        let total = 0;
        for (const row of rows.slice(0, -1)) {
          const own = rawView(raw, [row.server]).get(who.uuid)!;
          assert.equal(row.cells[0], ticks(own), `${trait}'s play time on ${row.server}`);
          total += ticks(own);
        }
        const network = rawView(raw, summary.servers.map((s) => s.id)).get(who.uuid)!;
        assert.equal(rows.at(-1)!.cells[0], total, `${trait}'s network play time is the sum`);
        assert.equal(total, ticks(network));
        const completed = (p: RawPlayer) => [...p.advancements].filter(([id, a]) => a.done && !id.includes(':recipes/')).length;
        assert.equal(rows.at(-1)!.cells[1], completed(network), `${trait}'s network advancements`);
        for (const row of rows.slice(0, -1)) assert.equal(row.cells[1], completed(rawView(raw, [row.server]).get(who.uuid)!), `${trait}'s advancements on ${row.server}`);
      }
    }
  });

  it("opens a list in a view that lacks the page, and answers a server's page that names nobody there with a 404", async () => {
    const only = person('skyblock_only');
    const { html } = await page(`/players/${only.uuid}`, 'skyblock');
    const entries = switcher(html);
    assert.deepEqual(entries.map(([, href]) => href), [`/players/${only.uuid}`, '/players?server=survival', '/players?server=creative', `/players/${only.uuid}?server=skyblock`]);
    assert.equal((await page(`/players/${only.uuid}`, 'survival')).status, 404);
    const missing = await page('/players/nobody-at-all', 'creative');
    assert.equal(missing.status, 404);
    assert.ok(switcher(missing.html).length === 4, 'the error page has the switcher too');
  });

  it('refuses an unknown server on a page with a 400 page naming server', async () => {
    const { status, html } = await page('/stats?server=lobby', 'network');
    assert.equal(status, 400);
    assert.match(html, /server must be one of survival, creative, skyblock/);
  });

  it("takes the same selection on badges and cards (SVG and PNG): each server's value", async () => {
    const who = person('everywhere');
    const values = new Set<string>();
    for (const view of VIEWS) {
      const url = new URL(`${BASE}/v1/card/player/${who.uuid}.svg`);
      if (view !== 'network') url.searchParams.set('server', view);
      const card = await router.fetch(new Request(url));
      assert.equal(card.status, 200);
      values.add(await card.text());
      const badge = new URL(`${BASE}/v1/badge/player/${who.uuid}.svg`);
      if (view !== 'network') badge.searchParams.set('server', view);
      assert.equal((await router.fetch(new Request(badge))).status, 200);
    }
    assert.equal(values.size, VIEWS.length, 'every view has its own card');
    const wrong = await router.fetch(new Request(`${BASE}/v1/card/player/${who.uuid}.svg?server=lobby`));
    assert.equal(wrong.status, 400);
    assert.match(wrong.headers.get('content-type') ?? '', /svg/);
  });
});

describe('a single server (no servers)', () => {
  it('has no switcher, no breakdown and no server= in its links; ?server= is ignored', async () => {
    const single = createRouter({ snapshot: () => snapshots.get('survival')!, rateLimit: false, site: { externalImages: false } });
    const who = person('everywhere');
    for (const path of ['/', '/stats/jump', `/players/${who.uuid}`, '/players']) {
      const html = await (await single.fetch(new Request(`${BASE}${path}`, { headers: HTML }))).text();
      assert.doesNotMatch(html, /switcher|data-breakdown|server=/, path);
      const ignored = await (await single.fetch(new Request(`${BASE}${path}${path.includes('?') ? '&' : '?'}server=creative`, { headers: HTML }))).text();
      assert.equal(ignored.replaceAll('?server=creative', ''), html, `${path}: ?server= changes nothing on a single server`);
    }
  });
});
