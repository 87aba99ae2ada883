// `blockstats export` of a generated network (issue 38) in-process: the network's site and API at
// the root, each server's under servers/<id>/, checked on disk as a static host serves them
// (every relative link of every page resolves to a file) and against the raw files' sums.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findStat, statTotal } from '@blockstats/core';
import { generateDemoNetwork, type NetworkSummary } from '../../../../examples/network/generate.js';
import { rawView, readRawNetwork } from '../../../../examples/network/raw-network.js';
import { NETWORK_DEFAULTS } from '../../../../examples/generate-demo-network.js';
import { brokenLinks, exportedPages } from '../../test/brokenLinks.js';
import { memoryIo } from '../../test/support.js';
import { run } from '../run.js';

describe('blockstats export on a network', () => {
  let work: string;
  let out: string;
  let summary: NetworkSummary;
  let stderr: string;
  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-export-network-'));
    out = join(work, 'public');
    summary = generateDemoNetwork({ out: join(work, 'network'), seed: NETWORK_DEFAULTS.seed, people: 16, now: Date.parse(NETWORK_DEFAULTS.now) });
    const io = memoryIo({ cwd: work, env: { XDG_STATE_HOME: join(work, 'state'), XDG_CACHE_HOME: join(work, 'cache') } });
    const servers = summary.servers.flatMap((s) => ['--server', `${s.id}=${s.dir}`]);
    assert.equal(await run(['export', ...servers, '--out', out, '--base-url', 'https://stats.example.net'], io.io), 0, io.stderr());
    stderr = io.stderr();
  });
  after(() => rm(work, { recursive: true, force: true }));

  test('writes the network at the root and each server under servers/<id>/, nothing left out', () => {
    assert.doesNotMatch(stderr, /Warning/);
    assert.match(stderr, /pages of the website/);
    assert.deepEqual(readdirSync(join(out, 'servers')).sort(), summary.servers.map((s) => s.id).sort());
    for (const base of ['', ...summary.servers.map((s) => `servers/${s.id}/`)]) {
      for (const file of ['index.html', 'stats/jump/index.html', 'players/index.html', 'hall-of-fame/index.html', 'v1.json', 'v1/stats/jump.json', 'v1/players.json', 'v1/server.json']) {
        assert.ok(existsSync(join(out, base, file)), `${base}${file}`);
      }
    }
    // One set of the site's files, shared by every view.
    assert.equal(readdirSync(join(out, 'assets')).length, 1);
    assert.ok(!existsSync(join(out, 'servers', 'survival', 'assets')));
  });

  test('every link of every page resolves to a file of the export', () => {
    const all = exportedPages(out);
    assert.ok(all.some((p) => p.includes(`${join('servers', 'skyblock')}`)));
    assert.deepEqual(brokenLinks(out, all).slice(0, 20), []);
  });

  test("a server's pages: the switcher leads to each view of the same page, previews and canonical under servers/<id>/", () => {
    const html = readFileSync(join(out, 'servers', 'survival', 'stats', 'jump', 'index.html'), 'utf8');
    const nav = /<nav class="switcher"[^>]*>(.*?)<\/nav>/s.exec(html);
    assert.ok(nav);
    assert.deepEqual([...nav[1]!.matchAll(/href="([^"]*)"/g)].map((m) => m[1]), ['../../../../stats/jump/', '../../../../servers/survival/stats/jump/', '../../../../servers/creative/stats/jump/', '../../../../servers/skyblock/stats/jump/']);
    assert.match(html, /<link rel="canonical" href="https:\/\/stats\.example\.net\/servers\/survival\/stats\/jump"\/>/);
    const profile = exportedPages(join(out, 'servers', 'creative', 'players'))[0]!;
    const image = /<meta property="og:image" content="https:\/\/stats\.example\.net\/(servers\/creative\/v1\/card\/player\/[\w-]+\.png)"/.exec(readFileSync(profile, 'utf8'));
    assert.ok(image, 'og:image in the server');
    assert.deepEqual([...readFileSync(join(out, image[1]!)).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  });

  test("each server's JSON is its own view: play time as the raw files sum it, links with server=<id>", () => {
    const raw = readRawNetwork(summary.servers);
    const playTime = findStat('play_time')!;
    const ids = summary.servers.map((s) => s.id);
    for (const [base, view] of [['', ids], ...ids.map((id) => [`servers/${id}/`, [id]] as const)] as const) {
      for (const player of rawView(raw, view).values()) {
        const profile = JSON.parse(readFileSync(join(out, base, 'v1', 'players', `${player.uuid}.json`), 'utf8'));
        assert.equal(profile.data.play_time.value, statTotal(playTime, player.counters), `${base}${player.name}`);
        if (base) assert.match(profile.data.links.profile, new RegExp(`[?&]server=${view[0]}$`));
      }
    }
  });

  test('_redirects maps server=<id> URLs into servers/<id>/ before the network rules', () => {
    const lines = readFileSync(join(out, '_redirects'), 'utf8').trim().split('\n');
    const server = lines.indexOf('/v1/* server=:server /servers/:server/v1/:splat.json 200');
    assert.ok(server > 0 && server < lines.indexOf('/v1/* /v1/:splat.json 200'));
    assert.ok(lines.includes('/v1/players offset=:offset server=:server /servers/:server/v1/players@offset=:offset.json 200') || !existsSync(join(out, 'servers', 'survival', 'v1', 'players@offset=50.json')));
  });
});
