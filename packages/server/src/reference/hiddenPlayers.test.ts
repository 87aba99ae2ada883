import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createReferenceServer } from './createReferenceServer.js';
import type { LogLevel } from './logger.js';
import { readSnapshotFile, SNAPSHOT_FILE } from './snapshotFile.js';
import { playerRulesKey } from './snapshotOptions.js';

const STEVE = '8667ba71-b85a-4004-af54-457a9734eed7';
const ALEX = 'ec561538-f3fd-461d-aff5-086b22154bce';
const NOTCH = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
const OFFLINE = { modrinth: { enabled: false }, skins: { enabled: false } } as const;

/**
 * A clock that stands still between pulls (so the schedule's next pull stays an hour away however
 * many requests read it) and moves a minute before each pull (pulls must be strictly later).
 */
function manualClock(start = Date.parse('2026-11-16T12:00:00Z')) {
  let now = start;
  const clock = () => now;
  clock.tick = () => void (now += 60_000);
  return clock;
}

/** A logger keeping its lines, and the first pull's line as a promise. */
function capture() {
  const lines: Array<{ level: LogLevel; event: string; fields: Record<string, unknown> }> = [];
  let pulled: () => void = () => {};
  const firstPull = new Promise<void>((resolve) => (pulled = resolve));
  const log = (level: LogLevel, event: string, fields: Record<string, unknown> = {}) => {
    lines.push({ level, event, fields });
    if (event === 'pull') pulled();
  };
  return { lines, firstPull, log: { log } };
}

/** Resolves with `promise`, or fails after `ms` (a referenced timer: it also keeps the process waiting). */
async function within<T>(promise: Promise<T>, ms = 60_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A started server (record open) once its scheduled first pull has logged its line. The clock
 * stands still, so the next scheduled pull is an hour away: every later pull is `pull()`'s.
 */
async function started(config: Parameters<typeof createReferenceServer>[0]) {
  const { lines, firstPull, log } = capture();
  const clock = manualClock();
  const ref = createReferenceServer({ ...config, schedule: { refresh: 3_600_000 } }, { clock, log });
  await ref.start();
  await within(firstPull);
  const pull = async () => {
    clock.tick();
    return ref.pull();
  };
  return { ref, lines, pull };
}

const stats = (jump: number) => JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:play_time': 100_000 + jump, 'minecraft:jump': jump } }, DataVersion: 4671 });
const ban = (uuid: string, name: string) => JSON.stringify([{ uuid, name, created: '2026-11-01 10:00:00 +0000', source: 'Server', expires: 'forever', reason: 'x-ray' }]);

describe('the reference server hides players at the next pull, without a restart', () => {
  let work: string;
  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-hide-'));
  });
  after(async () => {
    await rm(work, { recursive: true, force: true });
  });

  /** A three-player server: Steve leads the jump board. */
  async function world(name: string): Promise<{ server: string; data: string }> {
    const server = join(work, name, 'server');
    await mkdir(join(server, 'world', 'stats'), { recursive: true });
    await writeFile(join(server, 'usercache.json'), JSON.stringify([
      { name: 'Steve', uuid: STEVE, expiresOn: '2026-12-01 10:00:00 +0000' },
      { name: 'Alex', uuid: ALEX, expiresOn: '2026-12-01 10:00:00 +0000' },
      { name: 'Notch', uuid: NOTCH, expiresOn: '2026-12-01 10:00:00 +0000' },
    ]));
    await writeFile(join(server, 'world', 'stats', `${STEVE}.json`), stats(900));
    await writeFile(join(server, 'world', 'stats', `${ALEX}.json`), stats(500));
    await writeFile(join(server, 'world', 'stats', `${NOTCH}.json`), stats(100));
    return { server, data: join(work, name, 'data') };
  }

  async function body(ref: ReturnType<typeof createReferenceServer>, path: string) {
    const response = await ref.fetch(new Request(`http://x${path}`));
    return { status: response.status, json: (await response.json()) as any };
  }

  test('a ban hides at the next pull, an unban shows again; the record keeps the player throughout', async () => {
    const { server, data } = await world('ban');
    const { ref, pull } = await started({ server_dir: server, data_dir: data, ...OFFLINE });
    assert.equal((await body(ref, '/v1/stats/jump')).json.data[0].player.name, 'Steve');

    await writeFile(join(server, 'banned-players.json'), ban(STEVE, 'Steve'));
    const hidden = await pull();
    assert.equal(hidden.ok, true);
    assert.equal(hidden.players, 2);
    assert.equal((await body(ref, '/v1/players/Steve')).status, 404);
    assert.equal((await body(ref, `/v1/players/${STEVE}/activity`)).status, 404);
    const board = (await body(ref, '/v1/stats/jump')).json.data;
    assert.deepEqual(board.map((e: any) => [e.rank, e.player.name]), [[1, 'Alex'], [2, 'Notch']]);
    assert.deepEqual((await body(ref, '/v1/server')).json.data.hiding, { exclude_banned: true, exclude_ops: false, hide_list: 0, hidden_players: 1 });
    const active = (await body(ref, '/v1/activity/players?period=all')).json.data.map((e: any) => e.player.uuid);
    assert.ok(!active.includes(STEVE));
    assert.equal(ref.record()!.times.length, 2);
    assert.ok(ref.record()!.players[STEVE]?.play_time, 'his counters are still recorded');

    await writeFile(join(server, 'world', 'stats', `${STEVE}.json`), stats(950)); // he played meanwhile
    await writeFile(join(server, 'banned-players.json'), '[]');
    assert.equal((await pull()).ok, true);
    assert.equal((await body(ref, '/v1/stats/jump')).json.data[0].value, 950);
    assert.equal((await body(ref, '/v1/players/Steve')).status, 200);
    // His activity while banned is served again: he played 50 ticks' worth of jumps and time.
    const activity = await body(ref, '/v1/players/Steve/activity');
    assert.equal(activity.status, 200);
    assert.equal(activity.json.data.active, true);
    assert.ok((await body(ref, '/v1/activity/players?period=all')).json.data.some((e: any) => e.player.uuid === STEVE));
    assert.equal((await body(ref, '/v1/server')).json.data.hiding.hidden_players, 0);
    await ref.close();
  });

  test('a ban list caught mid-write keeps its last good entries until it reads whole again', async () => {
    const { server, data } = await world('torn');
    await writeFile(join(server, 'banned-players.json'), ban(STEVE, 'Steve'));
    const { ref, lines, pull } = await started({ server_dir: server, data_dir: data, ...OFFLINE });
    assert.equal((await body(ref, '/v1/players/Steve')).status, 404);
    const full = ban(STEVE, 'Steve');
    await writeFile(join(server, 'banned-players.json'), full.slice(0, 20));
    assert.equal((await pull()).ok, true);
    assert.equal((await body(ref, '/v1/players/Steve')).status, 404, 'still hidden');
    assert.ok(lines.filter((l) => l.event === 'pull').at(-1)?.fields.warnings, 'the broken file is reported');
    await writeFile(join(server, 'banned-players.json'), '[]');
    assert.equal((await pull()).ok, true);
    assert.equal((await body(ref, '/v1/players/Steve')).status, 200);
    await ref.close();
  });

  test('operators and the hide list from the configuration; a stored snapshot built with other rules is not served', async () => {
    const { server, data } = await world('config');
    await writeFile(join(server, 'ops.json'), JSON.stringify([{ uuid: NOTCH, name: 'Notch', level: 4, bypassesPlayerLimit: false }]));
    const first = await started({ server_dir: server, data_dir: data, ...OFFLINE });
    assert.equal((await body(first.ref, '/v1/players/Notch')).status, 200, 'operators are shown by default');
    await first.ref.close();

    // Restarted with new rules: the snapshot stored by the first run names Steve and Notch, so it
    // is not served (start() loads a stored snapshot before its first pull can have run).
    const players = { exclude_ops: true, hide: ['steve'] };
    assert.ok(await readSnapshotFile(join(data, SNAPSHOT_FILE), server, playerRulesKey({})), 'stored with the default rules');
    assert.equal(await readSnapshotFile(join(data, SNAPSHOT_FILE), server, playerRulesKey({ players })), null, 'not for the new rules');
    const secondLog = capture();
    const second = createReferenceServer({ server_dir: server, data_dir: data, ...OFFLINE, players, schedule: { refresh: 3_600_000 } }, { clock: manualClock(Date.parse('2026-11-17T12:00:00Z')), log: secondLog.log });
    await second.start();
    assert.equal(second.snapshot(), null);
    assert.equal((await second.fetch(new Request('http://x/v1/players/Steve'))).status, 503);
    await within(secondLog.firstPull);
    assert.equal((await body(second, '/v1/players/Steve')).status, 404);
    assert.equal((await body(second, '/v1/players/Notch')).status, 404);
    assert.deepEqual((await body(second, '/v1/server')).json.data.hiding, { exclude_banned: true, exclude_ops: true, hide_list: 1, hidden_players: 2 });
    await second.close();

    // Same rules again: the stored snapshot is served at once.
    const thirdLog = capture();
    const third = createReferenceServer({ server_dir: server, data_dir: data, ...OFFLINE, players, schedule: { refresh: 3_600_000 } }, { clock: manualClock(Date.parse('2026-11-18T12:00:00Z')), log: thirdLog.log });
    await third.start();
    assert.ok(third.snapshot(), 'the stored snapshot');
    assert.equal((await body(third, '/v1/players/Alex')).status, 200);
    assert.equal((await body(third, '/v1/players/Steve')).status, 404);
    await within(thirdLog.firstPull);
    await third.close();
  });
});
