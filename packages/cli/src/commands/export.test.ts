// `blockstats export` in-process over a small generated demo: the API files and the website
// beside them, checked on disk as a static host would serve them (every relative link of every
// page resolves to a file of the export).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { generateDemoRecord } from '../../../../examples/generate-demo-record.js';
import { brokenLinks, exportedPages } from '../../test/brokenLinks.js';
import { generateDemo, memoryIo } from '../../test/support.js';
import { run } from '../run.js';

describe('blockstats export', () => {
  let work: string;
  let server: string;
  let out: string;
  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-export-'));
    server = join(work, 'server');
    out = join(work, 'public');
    generateDemo(server, 20);
    await generateDemoRecord({ server, data: join(work, 'data') });
    const io = memoryIo({ cwd: work, env: { XDG_STATE_HOME: join(work, 'state') } });
    assert.equal(await run(['export', '--server', server, '--data', join(work, 'data'), '--out', out, '--base-url', 'https://stats.example.net'], io.io), 0, io.stderr());
    assert.match(io.stderr(), /pages of the website/);
  });
  after(() => rm(work, { recursive: true, force: true }));

  test('the website: a folder per page with index.html, and the site’s files', () => {
    for (const file of ['index.html', 'stats/index.html', 'stats/jump/index.html', 'players/index.html', 'hall-of-fame/index.html', 'advancements/story/mine_stone/index.html', 'activity/index.html', 'events/index.html']) {
      assert.ok(existsSync(join(out, file)), file);
    }
    assert.ok(!existsSync(join(out, 'compare')), 'compare needs a server');
    // Every offered language: English at the root, the others under their tag.
    for (const tag of ['de', 'fr', 'es', 'pt-BR', 'ru', 'pl', 'zh-CN', 'ja', 'tr']) {
      const home = readFileSync(join(out, tag, 'index.html'), 'utf8');
      assert.match(home, new RegExp(`<html lang="${tag}">`), tag);
      assert.ok(existsSync(join(out, tag, 'stats/jump/index.html')), `${tag}/stats/jump`);
    }
    assert.match(readFileSync(join(out, 'de', 'stats', 'jump', 'index.html'), 'utf8'), />Sprünge</);
    assert.match(readFileSync(join(out, 'index.html'), 'utf8'), /<a href="de\/" hreflang="de" lang="de">Deutsch<\/a>/);
    const assets = readdirSync(join(out, 'assets'));
    assert.equal(assets.length, 1);
    assert.deepEqual(readdirSync(join(out, 'assets', assets[0]!)).sort(), ['icon.svg', 'icons.webp', 'pixelify-sans-latin-ext.woff2', 'pixelify-sans-latin.woff2', 'site.css', 'site.js']);
  });

  test('every link of every page resolves to a file of the export (relative links)', () => {
    const all = exportedPages(out);
    assert.ok(all.length > 250, `${all.length} pages`);
    assert.deepEqual(brokenLinks(out, all).slice(0, 20), []);
  });

  test('profiles: link previews on the base URL, the PNG card beside them, links.profile on the page', () => {
    const players = readdirSync(join(out, 'players')).filter((name) => name !== 'page' && existsSync(join(out, 'players', name, 'index.html')));
    const html = readFileSync(join(out, 'players', players[0]!, 'index.html'), 'utf8');
    const image = /<meta property="og:image" content="https:\/\/stats\.example\.net\/(v1\/card\/player\/[\w-]+\.png)"/.exec(html);
    assert.ok(image, 'og:image');
    assert.deepEqual([...readFileSync(join(out, image[1]!)).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    const uuid = /v1\/card\/player\/([\w-]+)\.png/.exec(image[1]!)![1]!;
    const profile = JSON.parse(readFileSync(join(out, 'v1', 'players', `${uuid}.json`), 'utf8'));
    assert.equal(profile.data.links.profile, `https://stats.example.net/players/${players[0]}`);
  });

  test('events are exported one by one too', () => {
    const list = JSON.parse(readFileSync(join(out, 'v1', 'events.json'), 'utf8')) as { data: Array<{ id: string }> };
    assert.ok(list.data.length > 0);
    for (const event of list.data) {
      assert.ok(existsSync(join(out, 'v1', 'events', `${event.id}.json`)), event.id);
      assert.ok(existsSync(join(out, 'events', event.id, 'index.html')), event.id);
    }
  });

  test('--no-site writes the API files only', async () => {
    const apiOnly = join(work, 'api-only');
    const io = memoryIo({ cwd: work, env: { XDG_STATE_HOME: join(work, 'state') } });
    assert.equal(await run(['export', '--server', server, '--out', apiOnly, '--no-site'], io.io), 0, io.stderr());
    assert.ok(existsSync(join(apiOnly, 'v1', 'stats.json')));
    assert.ok(!existsSync(join(apiOnly, 'index.html')));
    assert.ok(!existsSync(join(apiOnly, 'v1', 'card', 'player')) || readdirSync(join(apiOnly, 'v1', 'card', 'player')).every((f) => f.endsWith('.svg')));
  });
});
