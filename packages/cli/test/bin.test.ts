// The built binary, as `npx blockstats` runs it: every command's table and --json, the errors
// people hit (a bad flag, a missing server directory, a player that does not exist).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BIN, ensureBuilt, generateDemo } from './support.js';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  bytes: Buffer;
}

let work: string;
let server: string;
let env: NodeJS.ProcessEnv;

function blockstats(...args: string[]): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.once('error', reject);
    child.once('close', (code) => {
      const bytes = Buffer.concat(out);
      resolve({ code, stdout: bytes.toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), bytes });
    });
  });
}

/** The first line of a table and its data rows. */
function tableOf(stdout: string): { header: string; rows: string[] } {
  const [header = '', ...rows] = stdout.trimEnd().split('\n');
  return { header, rows };
}

describe('blockstats (built binary)', () => {
  let names: string[];
  let uuids: string[];

  before(async () => {
    ensureBuilt();
    work = await mkdtemp(join(tmpdir(), 'blockstats-bin-'));
    server = join(work, 'server');
    generateDemo(server, 30);
    // No TTY, no colour; the default data directory lands in the temporary folder.
    env = { ...process.env, NO_COLOR: '1', XDG_STATE_HOME: join(work, 'state'), BLOCKSTATS_SERVER: server };
    delete env.FORCE_COLOR;
    const players = JSON.parse((await blockstats('players', '--json', '--sort', 'name')).stdout) as Array<{ name: string; uuid: string }>;
    names = players.map((p) => p.name);
    uuids = players.map((p) => p.uuid);
  });
  after(async () => {
    await rm(work, { recursive: true, force: true });
  });

  test('has a shebang and answers --help and --version', async () => {
    assert.match(await readFile(BIN, 'utf8'), /^#!\/usr\/bin\/env node\n/);
    const help = await blockstats('--help');
    assert.equal(help.code, 0);
    for (const command of ['players', 'player', 'top', 'stats', 'advancements', 'compare', 'events', 'hall-of-fame', 'badge', 'card', 'api', 'export', 'snapshot', 'record', 'serve']) {
      assert.match(help.stdout, new RegExp(`\\n  ${command} `), command);
    }
    assert.match((await blockstats('--version')).stdout, /^\d+\.\d+\.\d+\n$/);
  });

  test('every command\'s --help has examples', async () => {
    for (const command of ['players', 'top', 'serve', 'export', 'badge']) {
      const help = await blockstats(command, '--help');
      assert.equal(help.code, 0);
      assert.match(help.stdout, /Examples:\n {2}\$ blockstats/, command);
    }
  });

  test('players: a table, and --json with SPEC Player fields', async () => {
    const table = await blockstats('players');
    assert.equal(table.code, 0, table.stderr);
    const { header, rows } = tableOf(table.stdout);
    assert.match(header, /^Name\s+UUID\s+Edition\s+Last online\s+Play time\s+Ranked$/);
    assert.equal(rows.length, 29); // 30 generated; the demo's one banned player is left out by default
    assert.ok(rows.every((row) => /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.test(row)), 'whole UUIDs');
    const json = JSON.parse((await blockstats('players', '--json')).stdout) as Array<Record<string, unknown>>;
    assert.equal(json.length, 29);
    assert.deepEqual(Object.keys(json[0]!).sort(), ['edition', 'last_online', 'name', 'ranked', 'skin', 'textures', 'uuid']);
    const paged = await blockstats('players', '--limit', '10', '--offset', '5', '--json');
    assert.equal(JSON.parse(paged.stdout).length, 10);
    assert.match((await blockstats('players', '--limit', '10')).stderr, /Showing 1–10 of 29\. Next page: --offset 10/);
  });

  test('player: a profile, and --json the API profile', async () => {
    const name = names[0]!;
    const text = await blockstats('player', name);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, new RegExp(`^${name.replace('.', '\\.')}\\n`));
    assert.match(text.stdout, /Play time\s+\S/);
    const json = JSON.parse((await blockstats('player', uuids[0]!.replace(/-/g, ''), '--json')).stdout);
    assert.equal(json.uuid, uuids[0]);
    assert.equal(typeof json.crown_score, 'number');
  });

  test('a player that does not exist: exit 2 with a did-you-mean', async () => {
    const typo = `${names[3]!}x`;
    const missing = await blockstats('player', typo);
    assert.equal(missing.code, 2);
    assert.equal(missing.stdout, '');
    assert.match(missing.stderr, new RegExp(`No player "${typo.replace('.', '\\.')}" in this save`));
    assert.match(missing.stderr, new RegExp(`Did you mean "${names[3]!.replace('.', '\\.')}"`), 'the closest name first');
  });

  test('top: a leaderboard table and --json; an unknown stat suggests the right id', async () => {
    const table = await blockstats('top', 'play_time', '--limit', '5');
    assert.equal(table.code, 0, table.stderr);
    const { header, rows } = tableOf(table.stdout);
    assert.match(header, /^Rank\s+Player\s+Value\s+Edition$/);
    assert.equal(rows.length, 5);
    assert.match(rows[0]!, /^\s*#1\s/);
    const json = JSON.parse((await blockstats('top', 'play_time', '--json', '--all')).stdout) as Array<{ rank: number; player: { uuid: string } }>;
    assert.ok(json.length > 5);
    assert.equal(json[0]!.rank, 1);
    const unknown = await blockstats('top', 'jumps');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /No tracked stat "jumps"\. Did you mean "jump"/);
  });

  test('stats: search table and --json', async () => {
    const table = await blockstats('stats', 'diamond');
    assert.equal(table.code, 0);
    assert.match(tableOf(table.stdout).header, /^ID\s+Title\s+Unit\s+Record$/);
    assert.match(table.stdout, /mined_diamond_ore/);
    const all = JSON.parse((await blockstats('stats', '--all', '--json')).stdout) as unknown[];
    assert.equal(all.length, 217);
  });

  test('advancements: table and --json with paging', async () => {
    const table = await blockstats('advancements', '--limit', '5');
    assert.equal(table.code, 0);
    assert.match(tableOf(table.stdout).header, /^Title\s+Category\s+Holders\s+Rarity\s+ID$/);
    assert.equal(tableOf(table.stdout).rows.length, 5);
    const json = JSON.parse((await blockstats('advancements', '--category', 'nether', '--json')).stdout) as Array<{ category: string }>;
    assert.ok(json.length > 0 && json.every((a) => a.category === 'nether'));
  });

  test('compare: table with a tally, and --json', async () => {
    const table = await blockstats('compare', names[0]!, names[1]!);
    assert.equal(table.code, 0, table.stderr);
    assert.match(tableOf(table.stdout).header, /^Stat\s+/);
    assert.match(table.stderr, /tied/);
    const json = JSON.parse((await blockstats('compare', names[0]!, names[1]!, '--json', '--ids', 'jump,deaths')).stdout);
    assert.deepEqual(json.stats.map((s: { id: string }) => s.id).sort(), ['deaths', 'jump']);
    assert.ok('tally' in json);
  });

  test('hall-of-fame: table and --json', async () => {
    const table = await blockstats('hall-of-fame', '--limit', '3');
    assert.match(tableOf(table.stdout).header, /^Rank\s+Player\s+Score\s+Gold\s+Silver\s+Bronze$/);
    const json = JSON.parse((await blockstats('hall-of-fame', '--json')).stdout) as Array<{ rank: number; crown_score: number }>;
    assert.equal(json[0]!.rank, 1);
  });

  test('record, then events: table and --json', async () => {
    const none = await blockstats('events');
    assert.equal(none.code, 1);
    assert.match(none.stderr, /No activity has been recorded/);
    const recorded = await blockstats('record', '--json');
    assert.equal(recorded.code, 0, recorded.stderr);
    assert.equal(JSON.parse(recorded.stdout).players, 30);
    const table = await blockstats('events');
    assert.equal(table.code, 0, table.stderr);
    assert.match(tableOf(table.stdout).header, /^Event\s+State\s+Starts\s+Ends\s+Leader\s+Gain\s+ID$/);
    const json = JSON.parse((await blockstats('events', '--json')).stdout) as Array<{ id: string; state: string }>;
    assert.equal(json[0]!.state, 'running');
    assert.match(json[0]!.id, /_week1$/);
  });

  test('badge and card: SVG on stdout, PNG to a file', async () => {
    const badge = await blockstats('badge', names[0]!, '--stat', 'jump');
    assert.equal(badge.code, 0, badge.stderr);
    assert.match(badge.stdout, /^<svg[^>]+role="img"/);
    const card = await blockstats('card', names[0]!, '--png', '--out', 'card.png');
    assert.equal(card.code, 0, card.stderr);
    const png = await readFile(join(work, 'card.png'));
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const missing = await blockstats('card', 'nobody_here');
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /No player "nobody_here"/);
  });

  test('api: the router\'s exact body; exit 2 on a 4xx', async () => {
    const ok = await blockstats('api', '/v1/stats/jump?limit=2');
    assert.equal(ok.code, 0);
    const body = JSON.parse(ok.stdout);
    assert.equal(body.data.length, 2);
    assert.equal(body.meta.pagination.next, 'http://localhost:8080/v1/stats/jump?limit=2&offset=2');
    const notFound = await blockstats('api', 'v1/players/nobody_here');
    assert.equal(notFound.code, 2);
    assert.equal(JSON.parse(notFound.stdout).type, 'http://localhost:8080/problems/not-found');
    const head = await blockstats('api', '-i', '/v1/server', '--base-url', 'https://stats.example.net');
    assert.match(head.stdout, /^HTTP\/1\.1 200 OK\n/);
    assert.match(head.stdout, /\ncontent-type: application\/json; charset=utf-8\n/);
    assert.match(head.stdout, /\n\n\{"data":\{/);
  });

  test('snapshot --split writes the shards and the pointer as wrangler bulk files; not with --out', async () => {
    const split = await blockstats('snapshot', '--split', 'split');
    assert.equal(split.code, 0, split.stderr);
    assert.match(split.stderr, /Wrote \d+ shards .*: 29 players, generation (\w+)\./);
    const shards = JSON.parse(await readFile(join(work, 'split', 'shards-1.json'), 'utf8')) as Array<{ key: string; value: string; expiration_ttl: number }>;
    const [pointer] = JSON.parse(await readFile(join(work, 'split', 'pointer.json'), 'utf8')) as Array<{ key: string; value: string }>;
    const { generation } = JSON.parse(pointer!.value) as { generation: string };
    assert.equal(pointer!.key, 'split');
    assert.ok(shards.some((s) => s.key === `${generation}/meta`));
    assert.ok(shards.every((s) => s.key.startsWith(`${generation}/`) && s.value.startsWith('H4sI') && s.expiration_ttl === 604800));
    const both = await blockstats('snapshot', '--split', 'split', '--out', 'x.json');
    assert.equal(both.code, 2);
    assert.match(both.stderr, /give --out or --split, not both/);
    await writeFile(join(work, 'a-file'), 'x');
    for (const [dir, reason] of [['a-file', /it is a file, not a folder/], ['a-file/below', /a part of its path is a file/]] as const) {
      const onFile = await blockstats('snapshot', '--split', dir);
      assert.equal(onFile.code, 2, onFile.stderr);
      assert.ok(onFile.stderr.includes(`--split ${join(work, dir)}: `), onFile.stderr);
      assert.match(onFile.stderr, reason);
      assert.doesNotMatch(onFile.stderr, /unexpected/);
    }
    assert.equal(await readFile(join(work, 'a-file'), 'utf8'), 'x');
  });

  test('snapshot, badge and card refuse an --out that cannot be a file, before reading, naming it', async () => {
    await writeFile(join(work, 'b-file'), 'y');
    await mkdir(join(work, 'b-folder'));
    const cases = [
      ['b-folder', /it is a folder, not a file/],
      ['no-such-folder/x.json', /its folder does not exist/],
      ['b-file/x.json', /a part of its path is a file, not a folder/],
    ] as const;
    for (const [out, reason] of cases) {
      for (const command of [['snapshot'], ['badge', 'Alex'], ['card', 'Alex']]) {
        const run = await blockstats(...command, '--out', out);
        assert.equal(run.code, 2, `${command.join(' ')} --out ${out}: ${run.stderr}`);
        assert.ok(run.stderr.includes(`--out ${join(work, out)}: `), run.stderr);
        assert.match(run.stderr, reason);
        assert.doesNotMatch(run.stderr, /unexpected/);
      }
    }
    assert.equal(await readFile(join(work, 'b-file'), 'utf8'), 'y');
  });

  test('snapshot and export write files with the server\'s bodies', async () => {
    const snap = await blockstats('snapshot', '--out', 'snapshot.json');
    assert.equal(snap.code, 0, snap.stderr);
    assert.equal(JSON.parse(await readFile(join(work, 'snapshot.json'), 'utf8')).players.length, 29);
    const exported = await blockstats('export', '--out', 'public', '--base-url', 'https://stats.example.net');
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stderr, /Wrote \d+ files/);
    // The same body as the API's, but for the build time each run stamps into meta.
    const jump = JSON.parse(await readFile(join(work, 'public', 'v1', 'stats', 'jump.json'), 'utf8'));
    const direct = JSON.parse((await blockstats('api', '/v1/stats/jump', '--base-url', 'https://stats.example.net')).stdout);
    assert.deepEqual(jump.data, direct.data);
    assert.deepEqual(jump.meta.pagination, direct.meta.pagination);
    assert.deepEqual(Object.keys(jump.meta), Object.keys(direct.meta));
    assert.ok(existsSync(join(work, 'public', 'v1', 'players', `${uuids[0]}.json`)));
    assert.ok(existsSync(join(work, 'public', 'v1', 'card', 'player', `${uuids[0]}.svg`)));
    assert.ok(existsSync(join(work, 'public', 'v1', 'advancements@offset=100.json')), 'the second page of a collection');
    assert.match(await readFile(join(work, 'public', '_redirects'), 'utf8'), /\/v1\/advancements offset=:offset \/v1\/advancements@offset=:offset\.json 200/);
  });

  test('a bad flag: exit 2 naming it', async () => {
    const bad = await blockstats('players', '--limit', '0');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--limit.*must be a whole number from 1 to 500/);
    const unknown = await blockstats('players', '--colour');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown option '--colour'/);
    const refresh = await blockstats('serve', '--refresh', '15');
    assert.equal(refresh.code, 2);
    assert.match(refresh.stderr, /--refresh.*must be a duration such as 30s/);
  });

  test('a missing server directory: exit 2 with what to do', async () => {
    const missing = await blockstats('players', '--server', join(work, 'no-such-server'));
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /No such directory: .*no-such-server/);
    assert.match(missing.stderr, /--server DIR/);
    const serve = await blockstats('serve', '--server', join(work, 'no-such-server'), '--port', '0');
    assert.equal(serve.code, 2);
    assert.match(serve.stderr, /No such directory: .*no-such-server/);
  });

  test('a bad configuration file: exit 2 naming the key', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(work, 'bad.json'), JSON.stringify({ ranking: { crown_weights: { gold: -4, silver: 2, bronze: 1 } }, rate_limt: 5 }));
    const bad = await blockstats('serve', '--config', 'bad.json');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /bad\.json has 2 problems/);
    assert.match(bad.stderr, /ranking\.crown_weights\.gold: must be a number ≥ 0, got -4/);
    assert.match(bad.stderr, /rate_limt: unknown key/);
  });
});
