// Issue 40, part 4, tried as an attacker would against `blockstats export` (the CLI from the
// sources, as a child): players named `index.html`, `..`, `con`, with a slash, a colon, NUL and
// BEL, a right-to-left override, right-to-left letters or 10,000 characters, two names differing
// only in case, data-pack advancement ids that climb out (`evil:../../escape/x`) or are upper
// case, reserved or over-long, and a server name with controls. The export succeeds, every link
// of every page resolves to a written file, nothing is written outside the output folder, every
// display surface (title, OpenGraph tags, cards, badges) is clean, isolated and capped, and an
// export killed mid-way leaves the previous one intact.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { advancementPath } from '@blockstats/server';
import { cleanUp, makeServer, playerDat, runCli, statsJson, uuid, writeConfig } from './support.js';

const RLO = '\u202E';
const FSI = '\u2068';
const PDI = '\u2069';
/** Hostile names, by player number (players 0 and 1 keep their plain names). */
const NAMES: Record<number, string> = {
  2: 'index.html',
  3: 'INDEX.HTML',
  4: '..',
  5: 'con',
  6: 'a:b',
  7: '../../escape',
  8: 'a\u0000b\u0007c',
  9: `${RLO}evil`,
  10: 'x'.repeat(10_000),
  11: 'שלום',
  12: 'Steve',
  13: 'steve',
};
const PLAYERS = 14;
const ADVANCEMENTS = ['evil:../../escape/x', 'evil:con/a:b', 'Evil:UPPER', 'minecraft:story/holders', `evil:${'y'.repeat(300)}`];
const SERVER_NAME = `${RLO}Evil\u0007 server ${'z'.repeat(500)}`;
/** C0 controls but tab, LF and CR; DEL; C1. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Every file below `dir`, as paths relative to it; fails on a symbolic link. */
function files(dir: string, base = dir): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    assert.ok(!lstatSync(path).isSymbolicLink(), `${relative(base, path)} is a symbolic link`);
    if (entry.isDirectory()) found.push(...files(path, base));
    else found.push(relative(base, path));
  }
  return found;
}

/** A hash of every file's path and bytes: two exports that compare equal are the same. */
function digest(dir: string): string {
  const hash = createHash('sha256');
  for (const file of files(dir).sort()) hash.update(file).update('\0').update(readFileSync(join(dir, file))).update('\0');
  return hash.digest('hex');
}

/** The text of every `<meta>` content and the `<title>` of a page. */
function headTexts(html: string): string[] {
  const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return [decode(title), ...[...html.matchAll(/<meta (?:name|property)="(?:og:[\w:]+|description)" content="([^"]*)"/g)].map((m) => decode(m[1]!))];
}

/** Runs `blockstats export` as a child and waits for it. */
async function runExport(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const run = runCli(['export', ...args]);
  const { code } = await run.exited;
  return { code, stderr: run.stderr() };
}

describe('blockstats export of a hostile save (issue 40)', { timeout: 240_000 }, () => {
  let work: string;
  let out: string;
  let args: string[];
  let first: { code: number | null; stderr: string };
  before(async () => {
    const server = makeServer(PLAYERS);
    work = dirname(server);
    const world = join(server, 'world');
    const cache = JSON.parse(readFileSync(join(server, 'usercache.json'), 'utf8')) as Array<{ name: string; uuid: string }>;
    for (const [i, name] of Object.entries(NAMES)) {
      cache[Number(i)]!.name = name;
      writeFileSync(join(world, 'playerdata', `${uuid(Number(i))}.dat`), playerDat(name));
    }
    writeFileSync(join(server, 'usercache.json'), JSON.stringify(cache));
    for (let i = 0; i < PLAYERS; i++) {
      const earned = { criteria: { a: '2026-05-01 18:03:11 +0000' }, done: true };
      const advancements = Object.fromEntries(['minecraft:story/root', 'minecraft:story/mine_stone', ...ADVANCEMENTS].map((id) => [id, earned]));
      writeFileSync(join(world, 'advancements', `${uuid(i)}.json`), JSON.stringify({ ...advancements, DataVersion: 3953 }));
      writeFileSync(join(world, 'stats', `${uuid(i)}.json`), statsJson(i));
    }
    out = join(work, 'public');
    args = ['--server', server, '--data', join(work, 'data'), '--config', writeConfig(work, { name: SERVER_NAME }), '--out', out, '--base-url', 'https://stats.example.net'];
    first = await runExport(args);
  });
  after(cleanUp);

  test('succeeds and reports the names it could not use as paths, with a count', () => {
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, /Warning: 1[0-9] player names and 5 advancement ids cannot be a safe path/);
    assert.doesNotMatch(first.stderr, /Warning: skipped|left out/);
    assert.doesNotMatch(first.stderr, CONTROL);
  });

  test('writes nothing outside the output folder, and no symbolic link', () => {
    assert.deepEqual(readdirSync(work).sort(), ['blockstats.json', 'public', 'server']);
    assert.ok(!existsSync(join(work, 'escape')) && !existsSync(join(dirname(work), 'escape')));
    assert.ok(files(out).length > 200);
  });

  test('every player has a profile: a safe name by name, every other by UUID; each advancement’s API file is at its path', () => {
    assert.ok(existsSync(join(out, 'players', 'Player0', 'index.html')));
    assert.ok(existsSync(join(out, 'players', 'index.html')) && lstatSync(join(out, 'players', 'index.html')).isFile());
    for (const i of Object.keys(NAMES).map(Number).filter((i) => i !== 12 && i !== 13)) {
      assert.ok(existsSync(join(out, 'players', uuid(i), 'index.html')), NAMES[i]!.slice(0, 20));
    }
    // Steve and steve: one folder by name, the other by UUID (a case-insensitive disk holds both).
    const steves = readdirSync(join(out, 'players')).filter((name) => name.toLowerCase() === 'steve');
    assert.equal(steves.length, 1);
    for (const id of ADVANCEMENTS) {
      const path = advancementPath(id);
      assert.match(path, /^~[0-9a-f]{16}$/);
      const file = JSON.parse(readFileSync(join(out, 'v1', 'advancements', `${path}.json`), 'utf8')) as { data: { id: string } };
      assert.equal(file.data.id, id);
      assert.ok(existsSync(join(out, 'v1', 'advancements', path, 'holders.json')));
    }
  });

  test('every link of every page resolves to a written file', () => {
    const pages = files(out).filter((file) => file.endsWith('index.html'));
    assert.ok(pages.length > 50, `${pages.length} pages`);
    const broken: string[] = [];
    for (const page of pages) {
      const html = readFileSync(join(out, page), 'utf8');
      for (const [, link] of html.matchAll(/\s(?:href|src)="([^"#]*)(?:#[^"]*)?"/g)) {
        if (link === undefined || link === '' || /^[a-z]+:/i.test(link)) continue;
        const target = resolve(dirname(join(out, page)), decodeURIComponent(link.replace(/&amp;/g, '&')));
        assert.ok(target.startsWith(`${out}/`) || target === out, `${page}: ${link} leaves the export`);
        const file = link.endsWith('/') || link === '.' || link === './' ? join(target, 'index.html') : target;
        if (!existsSync(file) || !lstatSync(file).isFile()) broken.push(`${page} → ${link}`);
      }
    }
    assert.deepEqual(broken.slice(0, 20), []);
  });

  test('titles and link previews carry no control character or override, isolate right-to-left names and stay capped', () => {
    for (const page of files(out).filter((file) => file.endsWith('.html'))) {
      const html = readFileSync(join(out, page), 'utf8');
      assert.doesNotMatch(html, CONTROL, page);
      assert.ok(!html.includes(RLO), `${page} holds an override`);
      for (const text of headTexts(html)) assert.ok([...text].length <= 200 + 70, `${page}: ${text.length} characters`);
      const title = headTexts(html)[0]!;
      assert.ok([...title].length <= 70 + 60 + 7, `${page}: title of ${title.length} characters`);
    }
    const long = readFileSync(join(out, 'players', uuid(10), 'index.html'), 'utf8');
    assert.match(headTexts(long)[0]!, /^x{47}… · Evil server z+…$/);
    const hebrew = readFileSync(join(out, 'players', uuid(11), 'index.html'), 'utf8');
    assert.ok(headTexts(hebrew)[0]!.startsWith(`${FSI}שלום${PDI} · `), headTexts(hebrew)[0]);
    assert.match(hebrew, new RegExp(`<meta property="og:description" content="[^"]*${FSI}שלום${PDI}`));
    const evil = readFileSync(join(out, 'players', uuid(9), 'index.html'), 'utf8');
    assert.match(evil, /<meta property="og:title" content="evil"/);
    assert.match(readFileSync(join(out, 'players', uuid(8), 'index.html'), 'utf8'), /<title>abc · /);
  });

  test('cards and badges carry no control character or override and isolate right-to-left names', () => {
    for (let i = 0; i < PLAYERS; i++) {
      for (const file of [join('card', 'player', `${uuid(i)}.svg`), join('badge', 'player', `${uuid(i)}.svg`)]) {
        const svg = readFileSync(join(out, 'v1', file), 'utf8');
        assert.doesNotMatch(svg, CONTROL, file);
        assert.ok(!svg.includes(RLO), `${file} holds an override`);
        assert.ok(svg.length < 40_000, `${file}: ${svg.length} bytes`);
      }
    }
    const card = readFileSync(join(out, 'v1', 'card', 'player', `${uuid(11)}.svg`), 'utf8');
    assert.match(card, new RegExp(`aria-label="${FSI}שלום${PDI}, Java player`));
    const badge = readFileSync(join(out, 'v1', 'badge', 'player', `${uuid(11)}.svg`), 'utf8');
    assert.match(badge, new RegExp(`aria-label="${FSI}שלום${PDI}: `));
  });

  test('the API’s JSON keeps every name as the save has it', () => {
    const profile = JSON.parse(readFileSync(join(out, 'v1', 'players', `${uuid(8)}.json`), 'utf8')) as { data: { name: string; links: { profile: string } } };
    assert.equal(profile.data.name, NAMES[8]);
    assert.equal(profile.data.links.profile, `https://stats.example.net/players/${uuid(8)}`);
  });

  test('an export killed mid-way leaves the previous one intact; the next run tidies up and replaces it', async () => {
    const before = digest(out);
    const run = runCli(['export', ...args]);
    // Kill it once it has written into its folder beside the target.
    const deadline = Date.now() + 60_000;
    let staging: string | undefined;
    while (!staging) {
      assert.ok(Date.now() < deadline, `no export folder appeared; stderr: ${run.stderr()}`);
      assert.equal(run.child.exitCode, null, `the export ended first: ${run.stderr()}`);
      staging = readdirSync(work).find((name) => name.startsWith('.public.blockstats-') && readdirSync(join(work, name)).length > 0);
      if (!staging) await new Promise((done) => setTimeout(done, 10));
    }
    run.child.kill('SIGKILL');
    assert.equal((await run.exited).signal, 'SIGKILL');
    assert.equal(digest(out), before, 'the previous export changed');
    assert.ok(existsSync(join(work, staging)), 'the killed export’s folder is left until the next run');

    const again = await runExport(args);
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(readdirSync(work).filter((name) => name.startsWith('.')), [], 'leftovers removed');
    assert.ok(existsSync(join(out, 'players', uuid(2), 'index.html')));
  });
});
