import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rename, rm, writeFile, truncate, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createReferenceServer } from './createReferenceServer.js';
import type { LogLevel } from './logger.js';
import { SNAPSHOT_FILE } from './snapshotFile.js';
import { REAL_SAVES } from '../../../../test/support/repo.js';

const SOURCE = join(REAL_SAVES, 'jeinse-leaf-1.21.11');

/** A fake clock that moves forward one minute per reading (pulls must be strictly later). */
function steppingClock(start = Date.parse('2026-11-16T12:00:00Z')) {
  let now = start;
  return () => (now += 60_000);
}

function capture() {
  const lines: Array<{ level: LogLevel; event: string; fields: Record<string, unknown> }> = [];
  return { lines, log: { log: (level: LogLevel, event: string, fields: Record<string, unknown> = {}) => void lines.push({ level, event, fields }) } };
}

const OFFLINE = { modrinth: { enabled: false }, skins: { enabled: false } } as const;

describe('createReferenceServer', { skip: existsSync(SOURCE) ? false : 'real-saves absent' }, () => {
  let work: string;
  let server: string;
  let data: string;

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-ref-'));
  });
  after(async () => {
    await rm(work, { recursive: true, force: true });
  });

  async function freshCopy(name: string) {
    server = join(work, name, 'server');
    data = join(work, name, 'data');
    await cp(SOURCE, server, { recursive: true });
  }

  test('pull() builds, swaps and persists a snapshot, records the pull, and logs one line', async () => {
    await freshCopy('basic');
    const { lines, log } = capture();
    const ref = createReferenceServer({ server_dir: server, data_dir: data, ...OFFLINE }, { clock: steppingClock(), log });
    assert.equal(ref.snapshot(), null);
    const before503 = await ref.fetch(new Request('http://x/v1/stats'));
    assert.equal(before503.status, 503);

    const result = await ref.pull();
    assert.equal(result.ok, true, result.error ?? '');
    assert.equal(result.players, 13);
    assert.equal(result.changed, true);
    assert.ok(ref.snapshot());
    const stats = await ref.fetch(new Request('http://x/v1/stats'));
    assert.equal(stats.status, 200);
    assert.ok(existsSync(join(data, SNAPSHOT_FILE)));
    assert.deepEqual(lines.filter((l) => l.event === 'request').map((l) => [l.fields.method, l.fields.path, l.fields.status]), [
      ['GET', '/v1/stats', 503],
      ['GET', '/v1/stats', 200],
    ]);
    const pullLine = lines.find((l) => l.event === 'pull');
    assert.equal(pullLine?.fields.ok, true);
    assert.equal(pullLine?.fields.players, 13);
    await ref.close();
  });

  test('a pull computes what many answers share for its new snapshot before swapping it in: its first visitors wait for none of it', async () => {
    await freshCopy('prepared');
    const { lines, log } = capture();
    /** The generation served when each line was logged. */
    const served: Array<[string, string | null]> = [];
    let ref: ReturnType<typeof createReferenceServer> | null = null;
    const watching = { log: (level: LogLevel, event: string, fields: Record<string, unknown> = {}) => {
      served.push([event, ref?.snapshot()?.generation ?? null]);
      log.log(level, event, fields);
    } };
    ref = createReferenceServer({ server_dir: server, data_dir: data, ...OFFLINE }, { clock: steppingClock(), log: watching });
    const first = await ref.pull();
    assert.equal(first.ok, true, first.error ?? '');
    const events = lines.map((l) => l.event).filter((e) => e === 'pull' || e === 'shared_prepared' || e === 'prepare_failed');
    assert.deepEqual(events, ['shared_prepared', 'pull']);
    // Prepared while nothing was served yet; the pull's line comes once its snapshot is.
    assert.deepEqual(served.filter(([event]) => event === 'shared_prepared' || event === 'pull'), [['shared_prepared', null], ['pull', first.generation]]);
    const phases = lines.find((l) => l.event === 'pull')!.fields.phases_ms as Record<string, number>;
    assert.equal(typeof phases.prepare, 'number');
    // A second pull (nothing changed) prepares again while the first snapshot is served.
    const second = await ref.pull();
    assert.equal(second.ok, true, second.error ?? '');
    assert.deepEqual(served.filter(([event]) => event === 'shared_prepared').map(([, generation]) => generation), [null, first.generation]);
    await ref.close();
  });

  test('a second pull re-parses only changed files; the record grows by one pull each time', async () => {
    await freshCopy('incremental');
    const { lines, log } = capture();
    const ref = createReferenceServer({ server_dir: server, data_dir: data, ...OFFLINE }, { clock: steppingClock(), log });
    await ref.start();
    // The first (scheduled) pull has finished once it logged its line: a pull() before that
    // would join it instead of reading the save again.
    await waitFor(() => lines.some((l) => l.event === 'pull'));
    const first = ref.snapshot()!;
    assert.equal(ref.record()?.times.length, 1);

    const statsDir = join(server, 'world', 'stats');
    const file = (await readdir(statsDir)).filter((f) => f.endsWith('.json')).sort()[0]!;
    const body = JSON.parse(await readFile(join(statsDir, file), 'utf8'));
    body.stats['minecraft:custom']['minecraft:jump'] = 987_654;
    await writeFile(join(statsDir, file), JSON.stringify(body));
    const result = await ref.pull();
    assert.equal(result.ok, true);
    assert.equal(result.changed, true);
    assert.notEqual(ref.snapshot()!.generation, first.generation);
    assert.equal(lines.filter((l) => l.event === 'pull').at(-1)?.fields.files_parsed, 1, 'only the changed file is parsed again');
    // Found by the folder watchers (schedule.watch, on by default), not by stat-ing every file.
    assert.deepEqual(lines.filter((l) => l.event === 'pull').map((l) => l.fields.scan), ['full: first read', 'changes']);
    assert.equal(ref.record()?.times.length, 2);
    const board = await (await ref.fetch(new Request('http://x/v1/stats/jump?limit=1'))).json() as { data: Array<{ value: number }> };
    assert.equal(board.data[0]?.value, 987_654);
    await ref.close();
  });

  test('a truncated player file keeps that player\'s last good data, with a warning', async () => {
    await freshCopy('truncated');
    const ref = createReferenceServer({ server_dir: server, data_dir: data, ...OFFLINE }, { clock: steppingClock() });
    assert.equal((await ref.pull()).ok, true);
    const statsDir = join(server, 'world', 'stats');
    const file = (await readdir(statsDir)).filter((f) => f.endsWith('.json')).sort()[0]!;
    const uuid = file.slice(0, -5);
    const good = await (await ref.fetch(new Request(`http://x/v1/players/${uuid}/stats?ids=jump,play_time`))).json() as { data: { stats: Array<{ value: number }> } };
    const size = (await readFile(join(statsDir, file))).length;
    await truncate(join(statsDir, file), Math.floor(size / 2));
    const result = await ref.pull();
    assert.equal(result.ok, true);
    assert.equal(result.kept, 1);
    const kept = await (await ref.fetch(new Request(`http://x/v1/players/${uuid}/stats?ids=jump,play_time`))).json() as { data: { stats: Array<{ value: number }> } };
    assert.deepEqual(kept.data.stats.map((s) => s.value), good.data.stats.map((s) => s.value));
    assert.ok(ref.snapshot()!.warnings.some((w) => w.file === `world/stats/${file}` && /last good/.test(w.reason)));
    // Nothing changes after: the next pull reads the file again (no event named it; a failure is
    // never taken as unchanged) and still serves and reports the last good data.
    const again = await ref.pull();
    assert.equal(again.kept, 1);
    assert.ok(ref.snapshot()!.warnings.some((w) => w.file === `world/stats/${file}` && /last good/.test(w.reason)));
    await ref.close();
  });

  test('a vanished world keeps the last good snapshot, degrades health, and recovers', async () => {
    await freshCopy('vanished');
    const ref = createReferenceServer({ server_dir: server, data_dir: data, ...OFFLINE }, { clock: steppingClock() });
    assert.equal((await ref.pull()).ok, true);
    const generation = ref.snapshot()!.generation;
    await rename(join(server, 'world'), join(server, 'world.moved'));
    const failed = await ref.pull();
    assert.equal(failed.ok, false);
    assert.match(failed.error ?? '', /not a Minecraft save|holds no/);
    assert.equal(ref.snapshot()!.generation, generation);
    const health = await (await ref.fetch(new Request('http://x/v1/health'))).json() as { data: { status: string } };
    assert.equal(health.data.status, 'degraded');
    assert.equal((await ref.fetch(new Request('http://x/v1/stats'))).status, 200);

    // An emptied stats folder (a copy that has not reached it yet) is refused too.
    await rename(join(server, 'world.moved'), join(server, 'world'));
    await rename(join(server, 'world', 'stats'), join(server, 'stats.moved'));
    assert.equal((await ref.pull()).ok, false);
    await rename(join(server, 'stats.moved'), join(server, 'world', 'stats'));

    const recovered = await ref.pull();
    assert.equal(recovered.ok, true);
    const ok = await (await ref.fetch(new Request('http://x/v1/health'))).json() as { data: { status: string } };
    assert.equal(ok.data.status, 'ok');
    await ref.close();
  });

  test('a restart serves the persisted snapshot at once', async () => {
    await freshCopy('restart');
    const clock = steppingClock();
    const first = createReferenceServer({ server_dir: server, data_dir: data, ...OFFLINE }, { clock });
    assert.equal((await first.pull()).ok, true);
    const generation = first.snapshot()!.generation;
    await first.close();

    // Make the next read fail so only the persisted snapshot can answer.
    await rename(join(server, 'world'), join(server, 'gone'));
    const second = createReferenceServer({ server_dir: server, data_dir: data, ...OFFLINE, schedule: { refresh: 3_600_000 } }, { clock });
    await second.start();
    assert.equal(second.snapshot()?.generation, generation);
    const response = await second.fetch(new Request('http://x/v1/players'));
    assert.equal(response.status, 200);
    await second.close();
  });

  test('the configuration reaches the snapshot and the router', async () => {
    await freshCopy('config');
    const ref = createReferenceServer({
      server_dir: server,
      data_dir: data,
      ...OFFLINE,
      name: 'Config SMP',
      addresses: { java: 'play.example.net' },
      status: { java: null },
      time_zone: 'Europe/Berlin',
      ranking: { min_playtime_minutes: 0, inactive_days: 7, crown_weights: { gold: 5, silver: 3, bronze: 1 } },
      rate_limit: { requests: 2, window: 60_000 },
      base_url: 'https://stats.example.net',
    }, { clock: () => Date.parse('2026-11-16T12:00:00Z') });
    assert.equal((await ref.pull()).ok, true);
    const info = await (await ref.fetch(new Request('http://x/v1/server'))).json() as { data: Record<string, any> };
    assert.equal(info.data.name, 'Config SMP');
    assert.equal(info.data.addresses.java, 'play.example.net');
    assert.equal(info.data.time_zone, 'Europe/Berlin');
    assert.deepEqual(info.data.ranking, { min_playtime_minutes: 0, inactive_days: 7, crown_weights: { gold: 5, silver: 3, bronze: 1 } });
    assert.equal((await ref.fetch(new Request('http://x/v1/stats'))).status, 200);
    const limited = await ref.fetch(new Request('http://x/v1/stats'));
    assert.equal(limited.status, 429);
    assert.match(JSON.stringify(await limited.json()), /stats\.example\.net\/problems/);
    await ref.close();
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}


