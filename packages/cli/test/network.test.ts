// The query commands on a network (issue 38): repeatable --server id=DIR and --view <id>, run
// in-process through run() on the generated demo network, checked against the network acceptance
// test's independent raw sums (examples/network/raw-network.ts), in the network view and each
// server's; and every way of giving the network wrong, a message and exit 2.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findStat, statTotal } from '@blockstats/core';
import { generateDemoNetwork, type NetworkSummary } from '../../../examples/network/generate.js';
import { rawView, readRawNetwork, type RawNetwork, type RawPlayer } from '../../../examples/network/raw-network.js';
import { run } from '../src/run.js';
import { memoryIo, ROOT } from './support.js';

const RANKED_TICKS = 72_000;
const root = mkdtempSync(join(tmpdir(), 'blockstats-cli-network-'));
let summary: NetworkSummary;
let raw: RawNetwork;
/** `--server id=DIR` for every server of the demo network. */
let network: string[];

before(() => {
  // Generated as of now: the CLI builds on the real clock, so nobody drifts out of the rankings.
  summary = generateDemoNetwork({ out: join(root, 'network'), seed: 'three-isles', people: 40, now: Date.now() });
  raw = readRawNetwork(summary.servers);
  network = summary.servers.flatMap((s) => ['--server', `${s.id}=${s.dir}`]);
});
after(() => rmSync(root, { recursive: true, force: true }));

async function cli(...argv: string[]) {
  const io = memoryIo({ cwd: root, env: { XDG_STATE_HOME: join(root, 'state') } });
  const code = await run(argv, io.io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}
async function json(...argv: string[]): Promise<any> {
  // `api` prints the answer's body as it is; every other command's --json prints its data.
  const result = await cli(...argv, ...(argv[0] === 'api' ? [] : ['--json']));
  assert.equal(result.code, 0, result.stderr);
  return JSON.parse(result.stdout);
}

const valueOf = (p: RawPlayer, stat: string): number => statTotal(findStat(stat)!, p.counters);
/** `uuid value rank` of the ranked players above 0, competition ranks, in uuid order. */
function expectedBoard(players: Iterable<RawPlayer>, stat: string): string[] {
  const rows = [...players].filter((p) => valueOf(p, 'play_time') >= RANKED_TICKS).map((p) => ({ uuid: p.uuid, value: valueOf(p, stat) })).filter((r) => r.value > 0);
  return rows.map((r) => `${r.uuid} ${r.value} ${1 + rows.filter((o) => o.value > r.value).length}`).sort();
}
const person = (trait: string) => summary.people.find((p) => p.trait === trait)!;

for (const view of ['network', 'survival', 'creative', 'skyblock']) {
  describe(`blockstats on the demo network, ${view} view`, () => {
    const viewFlags = () => (view === 'network' ? [] : ['--view', view]);
    let players: Map<string, RawPlayer>;
    before(() => {
      players = rawView(raw, view === 'network' ? summary.servers.map((s) => s.id) : [view]);
    });

    test('players lists exactly the visible players under their most recent network name', async () => {
      const listed = await json('players', '--all', ...network, ...viewFlags());
      assert.deepEqual(listed.map((p: any) => `${p.uuid} ${p.name}`).sort(), [...players.values()].map((p) => `${p.uuid} ${p.name}`).sort());
      assert.ok(!listed.some((p: any) => p.uuid === person('banned_on_creative').uuid), 'banned on creative: hidden everywhere');
    });

    test('top ranks by the counters summed over the view\'s servers', async () => {
      for (const stat of ['jump', 'killed_zombified_piglin']) {
        const board = await json('top', stat, '--all', ...network, ...viewFlags());
        assert.deepEqual(board.map((e: any) => `${e.player.uuid} ${e.value} ${e.rank}`).sort(), expectedBoard(players.values(), stat), stat);
      }
    });

    test('player, compare and api answer from the same sums', async () => {
      const everywhere = players.get(person('everywhere').uuid)!;
      const profile = await json('player', everywhere.uuid, ...network, ...viewFlags());
      assert.equal(profile.name, everywhere.name);
      const totals = await json('api', '/v1/totals?limit=500', ...network, ...viewFlags());
      const ranked = [...players.values()].filter((p) => valueOf(p, 'play_time') >= RANKED_TICKS);
      assert.equal(totals.data.find((t: any) => t.id === 'jump').total.value, ranked.reduce((sum, p) => sum + valueOf(p, 'jump'), 0));
      const [a, b] = [...players.values()].sort((x, y) => valueOf(y, 'jump') - valueOf(x, 'jump'));
      const compared = await json('compare', a!.uuid, b!.uuid, ...network, ...viewFlags());
      const jump = compared.stats.find((s: any) => s.id === 'jump');
      assert.deepEqual([jump.players[a!.uuid].value, jump.players[b!.uuid].value], [valueOf(a!, 'jump'), valueOf(b!, 'jump')]);
    });
  });
}

describe('blockstats on a network, hiding and the rest of the commands', () => {
  test('--hide by name hides the player in the network view and in each server\'s', async () => {
    const hidden = person('everywhere');
    for (const view of [[], ['--view', 'skyblock']]) {
      const listed = await json('players', '--all', ...network, ...view, '--hide', hidden.name);
      assert.ok(listed.length > 0);
      assert.ok(!listed.some((p: any) => p.uuid === hidden.uuid), view.join(' '));
      const { code } = await cli('player', hidden.uuid, ...network, ...view, '--hide', hidden.name);
      assert.equal(code, 2, 'an unknown player');
    }
  });

  test('stats, advancements, hall-of-fame and badge answer on a network; the API says which server answers', async () => {
    assert.ok((await json('stats', '--all', ...network)).some((s: any) => s.id === 'jump'));
    assert.ok((await json('advancements', '--all', ...network, '--view', 'creative')).length > 0);
    assert.ok((await json('hall-of-fame', ...network, '--view', 'skyblock')).length > 0);
    const server = await json('api', '/v1/server', ...network, '--view', 'creative');
    assert.equal(server.data.server, 'creative');
    assert.deepEqual(server.data.servers.map((s: any) => s.id), ['survival', 'creative', 'skyblock']);
    const badge = await cli('badge', person('everywhere').uuid, '--stat', 'jump', ...network, '--view', 'survival');
    assert.equal(badge.code, 0, badge.stderr);
    const survival = rawView(raw, ['survival']).get(person('everywhere').uuid)!;
    assert.match(badge.stdout, new RegExp(valueOf(survival, 'jump').toLocaleString('en-US')));
  });

  test('the --help example runs: blockstats top jump on a network, then one server\'s view', async () => {
    const [survival, creative] = summary.servers;
    // As in `blockstats top --help` and the README, with the generated directories.
    const result = await cli('top', 'jump', '--server', `survival=${survival!.dir}`, '--server', `creative=${creative!.dir}`, '--view', 'creative');
    assert.equal(result.code, 0, result.stderr);
    const best = expectedBoard(rawView(raw, ['creative']).values(), 'jump').find((line) => line.endsWith(' 1'))!;
    assert.match(result.stdout, new RegExp(rawView(raw, ['creative']).get(best.split(' ')[0]!)!.name));
    const line = 'blockstats top jump --server survival=/srv/network/survival --server creative=/srv/network/creative --view creative';
    assert.ok((await cli('top', '--help')).stdout.includes(line), 'top --help');
    assert.ok((await cli('--help')).stdout.includes(line), 'blockstats --help');
    assert.ok(readFileSync(join(ROOT, 'packages', 'cli', 'README.md'), 'utf8').includes(line), 'the README');
  });
});

describe('a network given wrong: a clear message and exit 2, nothing answered', () => {
  const cases: Array<[string, () => string[], RegExp]> = [
    ['a duplicate id', () => ['--server', `survival=${summary.servers[0]!.dir}`, '--server', `survival=${summary.servers[1]!.dir}`], /survival.*given twice/],
    ['an id not snake_case', () => ['--server', `Survival=${summary.servers[0]!.dir}`], /snake_case/],
    ['id= with no directory', () => ['--server', 'survival=', '--server', `creative=${summary.servers[1]!.dir}`], /--server survival=: needs the server directory/],
    ['a directory that does not exist', () => ['--server', `survival=${join(root, 'nowhere')}`], /no directory at .*nowhere/],
    ['a directory that is not a save', () => ['--server', `survival=${summary.servers[0]!.dir}`, '--server', `empty=${mkdirp(join(root, 'empty'))}`], /server empty's save: .*not a Minecraft save/],
    ['two servers on the same save (through a symlink)', () => ['--server', `survival=${summary.servers[0]!.dir}`, '--server', `again=${symlink(summary.servers[0]!.dir, join(root, 'link'))}`], /again.*same save as survival/],
    ['a plain directory among id=DIR servers', () => ['--server', summary.servers[0]!.dir, '--server', `creative=${summary.servers[1]!.dir}`], /plain directory among id=DIR/],
    ['two plain directories', () => ['--server', summary.servers[0]!.dir, '--server', summary.servers[1]!.dir], /names one server/],
    ['an unknown --view', () => [...network, '--view', 'lobby'], /--view "lobby" is not a server of this network \(its servers: survival, creative, skyblock\)/],
    ['--view without a network', () => ['--server', summary.servers[0]!.dir, '--view', 'survival'], /--view survival picks one server of a network/],
  ];
  for (const [what, argv, message] of cases) {
    test(what, async () => {
      const result = await cli('top', 'jump', ...argv());
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, message);
      assert.equal(result.stdout, '');
    });
  }

  test('events on a network says why it cannot answer', async () => {
    const result = await cli('events', ...network);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /not read for a network/);
  });
});

function mkdirp(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}
function symlink(target: string, path: string): string {
  try {
    symlinkSync(target, path, 'dir');
  } catch {
    // Made by an earlier run of the same case.
  }
  return path;
}
