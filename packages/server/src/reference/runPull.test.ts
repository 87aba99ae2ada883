import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { openRecord, recordPull } from '@blockstats/core/node';
import { createReferenceServer } from './createReferenceServer.js';
import { readSnapshotFile, SNAPSHOT_FILE } from './snapshotFile.js';
import type { ReferenceServerConfig } from './types.js';

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A server directory of `n` players (stats and advancements each) and an empty data directory. */
function fixture(n: number): { server: string; data: string } {
  const work = mkdtempSync(join(tmpdir(), 'blockstats-pull-'));
  dirs.push(work);
  const server = join(work, 'server');
  mkdirSync(join(server, 'world', 'stats'), { recursive: true });
  mkdirSync(join(server, 'world', 'advancements'), { recursive: true });
  for (let i = 0; i < n; i++) {
    writeFileSync(join(server, 'world', 'stats', `${uuid(i)}.json`), JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': 100 + i, 'minecraft:play_time': 72_000, 'minecraft:deaths': 3 } }, DataVersion: 3953 }));
    writeFileSync(join(server, 'world', 'advancements', `${uuid(i)}.json`), JSON.stringify({ 'minecraft:story/root': { criteria: { crafting_table: '2024-05-01 18:03:11 +0000' }, done: true }, DataVersion: 3953 }));
  }
  return { server, data: join(work, 'data') };
}

function steppingClock(start = Date.parse('2026-11-16T12:00:00Z')) {
  let now = start;
  return () => (now += 60_000);
}

const OFFLINE = { modrinth: { enabled: false }, skins: { enabled: false } } as const;
const config = (f: { server: string; data: string }, extra: Partial<ReferenceServerConfig> = {}): ReferenceServerConfig => ({ server_dir: f.server, data_dir: f.data, ...OFFLINE, ...extra });
const reasons = (ref: ReturnType<typeof createReferenceServer>) => ref.health().problems.map((p) => p.code);
async function advancements(ref: ReturnType<typeof createReferenceServer>, i: number): Promise<number> {
  const body = await (await ref.fetch(new Request(`http://x/v1/players/${uuid(i)}`))).json() as { data: { advancements_earned: number } };
  return body.data.advancements_earned;
}

describe('runPull: the pull\'s bounds', () => {
  test('a pull past its time budget is abandoned: the last good snapshot keeps serving, health says why', async () => {
    // Enough files that the reading yields to the event loop between them (every 12).
    const f = fixture(60);
    let block = false;
    /** The running pull's budget timer: fired by hand, as if the budget ran out (no real time). */
    let expire: (() => void) | null = null;
    const ref = createReferenceServer(config(f, { limits: { pull_timeout: 200 } }), {
      clock: steppingClock(),
      pullTimer: (fire, ms) => {
        assert.equal(ms, 200);
        expire = fire;
        return () => {
          expire = null;
        };
      },
      // Holds the reading up once (as a stuck file system would), past the budget.
      onProgress: () => {
        if (!block) return;
        block = false;
        expire!();
      },
    });
    assert.equal((await ref.pull()).ok, true);
    const served = ref.snapshot();
    // Every stats file changed, so that the next pull parses them.
    for (let i = 0; i < 60; i++) writeFileSync(join(f.server, 'world', 'stats', `${uuid(i)}.json`), JSON.stringify({ stats: {}, DataVersion: 3953 }));
    block = true;
    const stuck = await ref.pull();
    assert.equal(stuck.ok, false);
    assert.match(stuck.error!, /did not finish within 200ms \(limits\.pull_timeout\) and was abandoned/);
    assert.equal(ref.snapshot(), served);
    assert.ok(reasons(ref).includes('pull_failed'));
    const health = await (await ref.fetch(new Request('http://x/v1/health'))).json() as { data: { status: string; reasons: Array<{ code: string; detail: string }> } };
    assert.equal(health.data.status, 'degraded');
    assert.match(health.data.reasons.find((r) => r.code === 'pull_failed')!.detail, /abandoned/);
    assert.equal((await ref.pull()).ok, true);
    assert.deepEqual(reasons(ref), []);
    await ref.close();
  });

  test('a pull that lost many players at once is rejected (three times), then taken as real', async () => {
    const f = fixture(10);
    const ref = createReferenceServer(config(f, { limits: { lost_players_share: 0.2, lost_players_min: 2 } }), { clock: steppingClock() });
    assert.equal((await ref.pull()).ok, true);
    const served = ref.snapshot();
    // Half the world's players moved away mid-copy.
    mkdirSync(join(f.server, 'away'));
    for (let i = 0; i < 5; i++) {
      for (const part of ['stats', 'advancements']) renameSync(join(f.server, 'world', part, `${uuid(i)}.json`), join(f.server, 'away', `${part}-${i}`));
    }
    for (let attempt = 1; attempt <= 3; attempt++) {
      const result = await ref.pull();
      assert.equal(result.ok, false);
      assert.match(result.error!, new RegExp(`^5 of the 10 players of the last good pull lost files at once or vanished .*rejection ${attempt} of 3`));
      assert.equal(ref.snapshot(), served);
    }
    const accepted = await ref.pull();
    assert.equal(accepted.ok, true);
    assert.equal(accepted.players, 5);
    await ref.close();
  });

  test('the first pull after a restart keeps the last good data of files missing or unreadable then', async () => {
    const f = fixture(6);
    const first = createReferenceServer(config(f), { clock: steppingClock() });
    await first.start();
    await first.pull(); // joins the first scheduled pull
    assert.equal(await advancements(first, 0), 1);
    await first.close();
    assert.ok(existsSync(join(f.data, 'last-good', `${uuid(0)}.json.gz`)));

    rmSync(join(f.server, 'world', 'advancements', `${uuid(0)}.json`));
    writeFileSync(join(f.server, 'world', 'advancements', `${uuid(1)}.json`), '{"minecraft:story/root":');
    const restarted = createReferenceServer(config(f), { clock: steppingClock(Date.parse('2026-11-17T12:00:00Z')) });
    await restarted.start();
    const result = await restarted.pull(); // joins the first scheduled pull
    assert.equal(result.ok, true, result.error ?? '');
    assert.equal(result.kept, 2);
    assert.equal(await advancements(restarted, 0), 1);
    assert.equal(await advancements(restarted, 1), 1);
    assert.deepEqual(reasons(restarted), ['save_partly_unreadable']);
    await restarted.close();
  });

  test('a record that cannot be written degrades health until it can', async () => {
    const f = fixture(2);
    const ref = createReferenceServer(config(f), { clock: steppingClock() });
    await ref.start();
    await ref.pull(); // joins the first scheduled pull
    // Something else took the record's place (a full or read-only disk fails the same way).
    renameSync(join(f.data, 'record'), join(f.data, 'record.moved'));
    writeFileSync(join(f.data, 'record'), 'not a folder');
    const result = await ref.pull();
    assert.equal(result.ok, true);
    assert.equal(result.recorded, false);
    assert.deepEqual(reasons(ref), ['record_unwritable']);
    rmSync(join(f.data, 'record'));
    renameSync(join(f.data, 'record.moved'), join(f.data, 'record'));
    assert.equal((await ref.pull()).recorded, true);
    assert.deepEqual(reasons(ref), []);
    await ref.close();
  });

  test('recipe unlocks of a file unreadable since the pull answer 503, not 500', async () => {
    const f = fixture(2);
    const ref = createReferenceServer(config(f), { clock: steppingClock() });
    assert.equal((await ref.pull()).ok, true);
    writeFileSync(join(f.server, 'world', 'advancements', `${uuid(0)}.json`), '{"minecraft:story/root":');
    const response = await ref.fetch(new Request(`http://x/v1/players/${uuid(0)}/advancements?include=recipes`));
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('content-type'), 'application/problem+json');
    await ref.close();
  });

  test('close() stops a pull stuck past its budget at once', async () => {
    const f = fixture(2);
    let block = true;
    const ref = createReferenceServer(config(f), {
      clock: steppingClock(),
      onProgress: () => {
        if (block) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      },
    });
    const pulling = ref.pull();
    await new Promise((resolve) => setImmediate(resolve));
    const begin = performance.now();
    await ref.close({ graceMs: 5_000 });
    block = false;
    assert.equal((await pulling).ok, false);
    assert.ok(performance.now() - begin < 4_000, 'close did not wait for the reading');
  });
});

describe('runPull: the activity record', () => {
  /** Player i's stats file, with `deaths` deaths (an activity counter: every pull records it). */
  const writeDeaths = (f: { server: string }, i: number, deaths: number) =>
    writeFileSync(join(f.server, 'world', 'stats', `${uuid(i)}.json`), JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': 100 + i, 'minecraft:play_time': 72_000, 'minecraft:deaths': deaths } }, DataVersion: 3953 }));
  /** Each player's last recorded deaths, as the record on disk has them. */
  const recordedDeaths = async (data: string, players: number) => {
    const { record } = await openRecord(data);
    return Array.from({ length: players }, (_, i) => record.players[uuid(i)]?.deaths?.values.at(-1));
  };

  test('holds every player as read, though a pull hands it only the players read anew', async () => {
    const f = fixture(4);
    let now = Date.parse('2026-11-30T23:50:00Z');
    const ref = createReferenceServer(config(f), { clock: () => now });
    await ref.start();
    await ref.pull(); // joins the first scheduled pull
    assert.deepEqual(await recordedDeaths(f.data, 4), [3, 3, 3, 3]);

    writeDeaths(f, 1, 5);
    now += 60_000;
    assert.equal((await ref.pull()).recorded, true);
    assert.deepEqual(await recordedDeaths(f.data, 4), [3, 5, 3, 3]);

    // Another writer appends to the record (a second server on the same data directory): this
    // pull reads it again, and the next one hands the record every player.
    const other = await openRecord(f.data);
    now += 60_000;
    await recordPull(other, { at: now, online: null, counters: { [uuid(2)]: { deaths: 999 } } });
    writeDeaths(f, 3, 7);
    now += 60_000;
    await ref.pull();
    now += 60_000;
    await ref.pull();
    assert.deepEqual(await recordedDeaths(f.data, 4), [3, 5, 3, 7]);

    // December's first pull writes every player: its file stands alone.
    now = Date.parse('2026-12-01T00:10:00Z');
    await ref.pull();
    await ref.close();
    const november = readdirSync(join(f.data, 'record')).find((name) => name === 'record-2026-11.jsonl')!;
    rmSync(join(f.data, 'record', november));
    assert.deepEqual(await recordedDeaths(f.data, 4), [3, 5, 3, 7]);
  });
});

describe('runPull: a pull that finds nothing changed', () => {
  const play = (f: { server: string }, jumps: number) =>
    writeFileSync(join(f.server, 'world', 'stats', `${uuid(0)}.json`), JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': jumps, 'minecraft:play_time': 72_000 } }, DataVersion: 3953 }));
  const etag = async (ref: ReturnType<typeof createReferenceServer>) => (await ref.fetch(new Request('http://x/v1/stats/jump'))).headers.get('etag');

  test('keeps serving the same snapshot, with its ETags, and still records the pull', async () => {
    const f = fixture(4);
    let now = Date.parse('2026-11-16T12:00:00Z');
    const ref = createReferenceServer(config(f), { clock: () => now, manualPulls: true });
    await ref.start();
    assert.equal((await ref.pull()).ok, true);
    const first = ref.snapshot()!;
    const tag = await etag(ref);
    now += 15 * 60_000;
    const second = await ref.pull();
    assert.equal(second.ok, true);
    assert.equal(second.changed, false);
    assert.equal(ref.snapshot(), first, 'the very snapshot served before');
    assert.equal(await etag(ref), tag);
    const revalidated = await ref.fetch(new Request('http://x/v1/stats/jump', { headers: { 'if-none-match': tag! } }));
    assert.equal(revalidated.status, 304);
    assert.equal(ref.record()?.times.length, 2, 'the pull is recorded');
    assert.equal(ref.health().lastSuccessAt, now, 'health counts it as a good pull');
    const health = (await (await ref.fetch(new Request('http://x/v1/health'))).json()).data;
    const meta = (await (await ref.fetch(new Request('http://x/v1/stats/jump'))).json()).meta;
    assert.equal(health.data_updated_at, meta.data_updated_at, 'health and every answer name the same statistics');
    assert.equal(health.data_updated_at, first.data_updated_at);
    assert.equal(health.data_age_seconds, 0, 'the age counts from the good pull');
    // A changed file: a new snapshot.
    now += 15 * 60_000;
    play(f, 5);
    assert.equal((await ref.pull()).changed, true);
    assert.notEqual(ref.snapshot()!.generation, first.generation);
    await ref.close();
  });

  test('builds anew when time alone changes what is shown: a ban that expired', async () => {
    const f = fixture(4);
    let now = Date.parse('2026-11-16T12:00:00Z');
    writeFileSync(join(f.server, 'banned-players.json'), JSON.stringify([{ uuid: uuid(2), name: 'P2', created: '2026-11-16 11:00:00 +0000', source: 'Server', expires: '2026-11-16 12:20:00 +0000', reason: 'cooling off' }]));
    const ref = createReferenceServer(config(f), { clock: () => now });
    assert.equal((await ref.pull()).ok, true);
    assert.equal(ref.snapshot()!.players.length, 3, 'player 2 is hidden while banned');
    now += 10 * 60_000;
    assert.equal((await ref.pull()).changed, false, 'still banned: nothing changed');
    now += 15 * 60_000;
    const after = await ref.pull();
    assert.equal(after.changed, true, 'the ban has expired');
    assert.equal(ref.snapshot()!.players.length, 4);
    await ref.close();
  });
});

describe('runPull: snapshot.json', () => {
  const stored = async (f: { server: string; data: string }) => (await readSnapshotFile(join(f.data, SNAPSHOT_FILE), f.server))?.generation;
  /** A new jump count for player 0, so the next pull builds a new snapshot. */
  const play = (f: { server: string }, jumps: number) =>
    writeFileSync(join(f.server, 'world', 'stats', `${uuid(0)}.json`), JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': jumps, 'minecraft:play_time': 72_000 } }, DataVersion: 3953 }));

  test('is rewritten after a pull at most once per schedule.persist (default 1h), and at close()', async () => {
    const f = fixture(4);
    let now = Date.parse('2026-11-16T12:00:00Z');
    const ref = createReferenceServer(config(f), { clock: () => now });
    const generations: string[] = [];
    const pullAt = async (minutes: number, jumps: number) => {
      now += minutes * 60_000;
      play(f, jumps);
      assert.equal((await ref.pull()).ok, true);
      generations.push(ref.snapshot()!.generation);
    };
    await pullAt(0, 1);
    assert.equal(await stored(f), generations[0], 'the first pull writes it');
    await pullAt(15, 2);
    await pullAt(15, 3);
    await pullAt(15, 4);
    assert.equal(new Set(generations).size, 4);
    assert.equal(await stored(f), generations[0], '45 minutes after the write, not yet');
    await pullAt(15, 5);
    assert.equal(await stored(f), generations[4], 'an hour after the last write began');
    await pullAt(15, 6);
    assert.equal(await stored(f), generations[4]);
    await ref.close();
    assert.equal(await stored(f), generations[5], 'close() writes the snapshot served');
  });

  test('schedule.persist "0s" rewrites it after every pull', async () => {
    const f = fixture(4);
    let now = Date.parse('2026-11-16T12:00:00Z');
    const ref = createReferenceServer(config(f, { schedule: { persist: 0 } }), { clock: () => now });
    for (let i = 1; i <= 3; i++) {
      now += 60_000;
      play(f, i);
      assert.equal((await ref.pull()).ok, true);
      assert.equal(await stored(f), ref.snapshot()!.generation);
    }
    await ref.close();
  });
});
