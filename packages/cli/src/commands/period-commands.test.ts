// `--period` on hall-of-fame and compare, and the period boards `export` writes, in-process over a
// small generated demo server with a stat history recorded beside it: a first reading on Sunday
// 15 November 2026 at half of every counter, then the save as it is on Wednesday 18 November.
// Expected gains are worked out from the save's own files (value − half of it).
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findStat, statTotal, type PlayerSave } from '@blockstats/core';
import { openStatHistory, readSave, recordStatHistory } from '@blockstats/core/node';
import { generateDemo, memoryIo } from '../../test/support.js';
import { run } from '../run.js';

const WEDNESDAY = Date.UTC(2026, 10, 18, 12);
const SUNDAY = Date.UTC(2026, 10, 15, 12);

/** A player's save with every counter halved (rounded down): the first reading. */
function halved(player: PlayerSave): PlayerSave {
  const stats = Object.fromEntries(Object.entries(player.stats).map(([type, keys]) => [type, Object.fromEntries(Object.entries(keys).map(([key, v]) => [key, Math.floor(v / 2)]))]));
  return { ...player, stats };
}

describe('--period on the query commands, and the period boards of the export', () => {
  let work: string;
  let server: string;
  let data: string;
  let players: PlayerSave[];
  const cli = async (...args: string[]) => {
    const io = memoryIo({ cwd: work, env: { XDG_STATE_HOME: join(work, 'state'), XDG_CACHE_HOME: join(work, 'cache') } });
    const code = await run(args, io.io);
    return { code, stdout: io.stdout(), stderr: io.stderr() };
  };
  /** The week's gain of `stat` for a player, from the save's files alone. */
  const weekGain = (player: PlayerSave, stat: string) => statTotal(findStat(stat)!, player.stats) - statTotal(findStat(stat)!, halved(player).stats);

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-periods-'));
    server = join(work, 'server');
    data = join(work, 'data');
    generateDemo(server, 20);
    players = (await readSave(server)).players;
    const log = await openStatHistory(data);
    recordStatHistory(log, SUNDAY, players.map(halved), { sync: false });
    recordStatHistory(log, WEDNESDAY, players, { sync: false });
  });
  after(() => rm(work, { recursive: true, force: true }));

  test('compare --period week: the gains from the save\'s files, with their rank on the week\'s board', async () => {
    const ranked = players.filter((p) => weekGain(p, 'jump') > 0).slice(0, 2);
    const [a, b] = ranked as [PlayerSave, PlayerSave];
    const result = await cli('compare', a.uuid, b.uuid, '--period', 'week', '--ids', 'jump', '--json', '--server', server, '--data', data);
    assert.equal(result.code, 0, result.stderr);
    const json = JSON.parse(result.stdout);
    assert.equal(json.stats[0].players[a.uuid].value, weekGain(a, 'jump'));
    assert.equal(json.stats[0].players[b.uuid].value, weekGain(b, 'jump'));
    const table = await cli('compare', a.uuid, b.uuid, '--period', 'week', '--ids', 'jump', '--server', server, '--data', data);
    assert.match(table.stdout, /Jumps/);
  });

  test('hall-of-fame --period week: the API\'s period hall of fame, as a table and --json', async () => {
    const json = await cli('hall-of-fame', '--period', 'week', '--json', '--server', server, '--data', data);
    assert.equal(json.code, 0, json.stderr);
    const entries = JSON.parse(json.stdout) as Array<{ rank: number; crown_score: number }>;
    assert.ok(entries.length > 0);
    assert.equal(entries[0]!.rank, 1);
    const api = JSON.parse((await cli('api', '/v1/hall-of-fame?period=week', '--server', server, '--data', data)).stdout);
    assert.deepEqual(entries, api.data);
    const table = await cli('hall-of-fame', '--period', 'week', '--server', server, '--data', data);
    assert.match(table.stdout, /Score/);
    // The all-time hall of fame differs: medals over every value, not the week's gains.
    const allTime = JSON.parse((await cli('hall-of-fame', '--json', '--server', server)).stdout) as unknown[];
    assert.ok(allTime.length > 0);
  });

  test('a bad --period: the message names it, exit 2; no stat history: exit 1 saying so', async () => {
    for (const args of [['hall-of-fame', '--period', 'fortnight'], ['compare', players[0]!.uuid, players[1]!.uuid, '--period', '2026-13']]) {
      const result = await cli(...args, '--server', server, '--data', data);
      assert.equal(result.code, 2, args.join(' '));
      assert.match(result.stderr, /period/);
      assert.equal(result.stdout, '');
    }
    const none = await cli('hall-of-fame', '--period', 'week', '--server', server, '--data', join(work, 'empty'));
    assert.equal(none.code, 1);
    assert.match(none.stderr, /stat history/);
  });

  test('export writes the week\'s, month\'s and year\'s boards, totals and hall of fame, and the crowns', async () => {
    const out = join(work, 'public');
    const result = await cli('export', '--server', server, '--data', data, '--out', out, '--no-site');
    assert.equal(result.code, 0, result.stderr);
    assert.doesNotMatch(result.stderr, /periods \(no stat history\)/);
    for (const period of ['week', 'month', 'year']) {
      for (const file of [`v1/stats/jump@period=${period}.json`, `v1/totals@period=${period}.json`, `v1/hall-of-fame@period=${period}.json`]) {
        assert.ok(existsSync(join(out, file)), file);
      }
    }
    const week = JSON.parse(readFileSync(join(out, 'v1', 'stats', 'jump@period=week.json'), 'utf8'));
    // Every ranked, visible player who jumped this week, by gain (the default page of 50 holds them all).
    const visible = JSON.parse((await cli('players', '--all', '--json', '--server', server)).stdout) as Array<{ uuid: string; ranked: boolean }>;
    const ranked = new Set(visible.filter((p) => p.ranked).map((p) => p.uuid));
    const expected = players.filter((p) => ranked.has(p.uuid) && weekGain(p, 'jump') > 0).map((p) => [p.uuid, weekGain(p, 'jump')] as const);
    assert.deepEqual(new Map(week.data.map((e: { player: { uuid: string }; value: number }) => [e.player.uuid, e.value])), new Map(expected));
    assert.deepEqual(week.data.map((e: { value: number }) => e.value), expected.map(([, g]) => g).sort((x, y) => y - x));
    assert.equal(week.meta.period.from, '2026-11-16');
    const crowns = JSON.parse(readFileSync(join(out, 'v1', 'crowns.json'), 'utf8'));
    assert.deepEqual(crowns.data.map((c: { period: { name: string } }) => c.period.name), ['week', 'last_week', 'month', 'last_month']);
    assert.match(readFileSync(join(out, '_redirects'), 'utf8'), /^\/v1\/stats\/jump period=:period \/v1\/stats\/jump@period=:period\.json 200$/m);
  });

  test('export without a stat history says so and writes no period file', async () => {
    const out = join(work, 'public-none');
    const result = await cli('export', '--server', server, '--data', join(work, 'empty'), '--out', out, '--no-site');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /skipped .*periods \(no stat history\)/);
    assert.ok(!existsSync(join(out, 'v1', 'stats', 'jump@period=week.json')));
  });

  test('on a network: each server\'s history under <data>/servers/<id>, summed for the network', async () => {
    // The same people on two servers (a copy of the save): the network's gains are twice a server's.
    const copy = join(work, 'server-copy');
    cpSync(server, copy, { recursive: true });
    const network = join(work, 'network-data');
    for (const id of ['north', 'south']) {
      const log = await openStatHistory(join(network, 'servers', id));
      recordStatHistory(log, SUNDAY, players.map(halved), { sync: false });
      recordStatHistory(log, WEDNESDAY, players, { sync: false });
    }
    const flags = ['--server', `north=${server}`, '--server', `south=${copy}`, '--data', network];
    const jumper = players.find((p) => weekGain(p, 'jump') > 0)!;
    const other = players.find((p) => p !== jumper && weekGain(p, 'jump') > 0)!;
    const gain = async (...view: string[]) => {
      const result = await cli('compare', jumper.uuid, other.uuid, '--period', 'week', '--ids', 'jump', '--json', ...flags, ...view);
      assert.equal(result.code, 0, result.stderr);
      return JSON.parse(result.stdout).stats[0].players[jumper.uuid].value as number;
    };
    assert.equal(await gain(), 2 * weekGain(jumper, 'jump'));
    assert.equal(await gain('--view', 'south'), weekGain(jumper, 'jump'));
    const hall = await cli('hall-of-fame', '--period', 'week', '--json', ...flags);
    assert.equal(hall.code, 0, hall.stderr);
    assert.ok((JSON.parse(hall.stdout) as unknown[]).length > 0);
  });
});
