import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { generateDemo, memoryIo } from '../test/support.js';
import { staticFile } from '@blockstats/server';
import { apiPath } from './commands/api.js';
import { run } from './run.js';

describe('run(argv, io) in-process', () => {
  let work: string;
  let server: string;
  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-run-'));
    server = join(work, 'server');
    generateDemo(server, 30);
  });
  after(async () => {
    await rm(work, { recursive: true, force: true });
  });
  const env = () => ({ XDG_STATE_HOME: join(work, 'state'), BLOCKSTATS_SERVER: server });

  test('on a colour terminal: bold headers and a progress bar on stderr', async () => {
    const tty = memoryIo({ cwd: work, tty: true, env: { ...env(), NO_COLOR: '', FORCE_COLOR: '1' } });
    assert.equal(await run(['players', '--limit', '3'], tty.io), 0);
    assert.match(tty.stdout(), /^\u001b\[1mName/);
    assert.match(tty.stderr(), /Reading save \[#+-*\] \d+\/\d+/);
    const pipe = memoryIo({ cwd: work, env: env() });
    assert.equal(await run(['players', '--limit', '3'], pipe.io), 0);
    assert.doesNotMatch(pipe.stdout() + pipe.stderr(), /\u001b\[/);
  });

  test('--json prints the API data only; people\'s notes go to stderr', async () => {
    const io = memoryIo({ cwd: work, env: env() });
    assert.equal(await run(['top', 'jump', '--limit', '2', '--json'], io.io), 0);
    const data = JSON.parse(io.stdout()) as Array<{ rank: number }>;
    assert.deepEqual(data.map((e) => e.rank), [1, 2]);
  });

  test('api: 503 answers exit 1 (no record yet), and --help exits 0', async () => {
    const io = memoryIo({ cwd: work, env: env() });
    assert.equal(await run(['api', '/v1/activity'], io.io), 1);
    assert.equal(JSON.parse(io.stdout()).status, 503);
    const help = memoryIo({ cwd: work, env: env() });
    assert.equal(await run(['api', '--help'], help.io), 0);
    assert.match(help.stdout(), /Examples:/);
  });

  test('a missing argument and an unknown command are usage errors (exit 2)', async () => {
    const io = memoryIo({ cwd: work, env: env() });
    assert.equal(await run(['top'], io.io), 2);
    assert.match(io.stderr(), /missing required argument 'stat'/);
    const typo = memoryIo({ cwd: work, env: env() });
    assert.equal(await run(['playrs'], typo.io), 2);
    assert.match(typo.stderr(), /Did you mean players\?/);
  });

  test('a PNG is never written to a terminal', async () => {
    const io = memoryIo({ cwd: work, tty: true, env: env() });
    assert.equal(await run(['badge', '--png'], io.io), 2);
    assert.match(io.stderr(), /give --out FILE/);
  });
});

describe('staticFile(target)', () => {
  const cases: Array<[string, string]> = [
    ['/v1', 'v1.json'],
    ['/v1/stats', 'v1/stats.json'],
    ['/v1/stats/jump', 'v1/stats/jump.json'],
    ['/v1/players?offset=50', 'v1/players@offset=50.json'],
    ['/v1/advancements?include=all&offset=100', 'v1/advancements@include=all&offset=100.json'],
    ['/v1/advancements/story/mine_stone/holders', 'v1/advancements/story/mine_stone/holders.json'],
    ['/v1/badge/player/0a4b3697-9a1b-3715-8e3c-6a2f1c0c5b11.svg', 'v1/badge/player/0a4b3697-9a1b-3715-8e3c-6a2f1c0c5b11.svg'],
    ['/openapi.json', 'openapi.json'],
  ];
  for (const [target, file] of cases) test(target, () => assert.equal(staticFile(target), file));
});

describe('apiPath(input)', () => {
  const cases: Array<[string, string]> = [
    ['/v1/stats', '/v1/stats'],
    ['v1/stats?search=x', '/v1/stats?search=x'],
    ['https://stats.example.net/v1/players/Steve?x=1', '/v1/players/Steve?x=1'],
  ];
  for (const [input, path] of cases) test(input, () => assert.equal(apiPath(input), path));
});
