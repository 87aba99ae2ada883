// End to end: `blockstats serve` as a child process on a temporary copy of a generated demo
// server, with pulls every second on a port the OS picks. Each scenario waits for the next pull
// that builds new statistics by polling /v1/health (its data_updated_at is when the statistics
// served were made: the start of that pull), never by sleeping.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fakeJavaServer, type FakeJavaServer } from '@blockstats/server/testing';
import { generateServer, startServe as startServeProcess, type ServeProcess } from './support/serveProcess.js';
import { getJson } from './support/getJson.js';
import { until } from './support/until.js';

/** `blockstats serve` from the sources, every log line kept (request lines too). */
function startServe(args: string[]): Promise<ServeProcess> {
  return startServeProcess(args, { keepRequestLines: true });
}

/** Health once a pull that started after `since` has built new statistics (something changed since). */
function afterGoodPull(url: string, since: number) {
  return until(() => getJson(`${url}/v1/health`), ({ body }) => body.data.data_updated_at !== null && Date.parse(body.data.data_updated_at) > since);
}

describe('blockstats serve (child process, demo server copy, 1 s pulls)', () => {
  let work: string;
  let server: string;
  let data: string;
  let config: string;
  let served: ServeProcess | null = null;

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-e2e-'));
    server = join(work, 'server');
    data = join(work, 'data');
    generateServer(server, 30);
    config = join(work, 'blockstats.json');
    // Nothing in this test may reach the network.
    await writeFile(config, JSON.stringify({ skins: { enabled: false }, modrinth: { enabled: false }, schedule: { refresh: '1s' } }));
  });

  after(async () => {
    if (served && served.child.exitCode === null) served.child.kill('SIGKILL');
    await rm(work, { recursive: true, force: true });
  });

  async function statsFiles(): Promise<string[]> {
    return (await readdir(join(server, 'world', 'stats'))).filter((f) => f.endsWith('.json')).sort();
  }

  async function playerStats(uuid: string): Promise<Record<string, number>> {
    const { status, body } = await getJson(`${served!.url}/v1/players/${uuid}/stats?ids=jump,play_time,deaths,walk_one_cm`);
    assert.equal(status, 200);
    return Object.fromEntries((body.data.stats as Array<{ id: string; value: number }>).map((s) => [s.id, s.value]));
  }

  test('serves the demo copy and answers at once', async () => {
    served = await startServe(['--server', server, '--data', data, '--config', config]);
    const health = await until(() => getJson(`${served!.url}/v1/health`), ({ body }) => body.data.status === 'ok');
    assert.equal(health.body.data.data_stale, false);
    const players = await getJson(`${served.url}/v1/players?limit=500`);
    assert.equal(players.status, 200);
    // 30 generated; the demo bans one (banned-players.json), left out by default.
    assert.equal(players.body.meta.pagination.total, 29);
    const request = await served.waitForLine((line) => line.event === 'request' && line.path === '/v1/players?limit=500');
    assert.equal(request.status, 200);
    assert.equal(typeof request.ms, 'number');
    const pull = await served.waitForLine((line) => line.event === 'pull' && line.ok === true);
    assert.equal(pull.players, 29);
    assert.equal(typeof pull.duration_ms, 'number');
  });

  test('a changed stats file appears after the next pull', async () => {
    const file = (await statsFiles())[0]!;
    const uuid = file.slice(0, -'.json'.length);
    const path = join(server, 'world', 'stats', file);
    const body = JSON.parse(await readFile(path, 'utf8'));
    body.stats['minecraft:custom'] ??= {};
    body.stats['minecraft:custom']['minecraft:jump'] = 7_654_321;
    // Written the way the game does: a temporary file renamed over the old one.
    await writeFile(`${path}.tmp`, JSON.stringify(body));
    await rename(`${path}.tmp`, path);
    const changedAt = Date.now();
    await afterGoodPull(served!.url, changedAt);
    assert.equal((await playerStats(uuid)).jump, 7_654_321);
    const board = await getJson(`${served!.url}/v1/stats/jump?limit=1`);
    assert.equal(board.body.data[0].player.uuid, uuid);
  });

  test('a player file truncated mid-copy keeps that player\'s last good data, with a warning', async () => {
    const file = (await statsFiles())[1]!;
    const uuid = file.slice(0, -'.json'.length);
    const good = await playerStats(uuid);
    const path = join(server, 'world', 'stats', file);
    const whole = await readFile(path);
    await truncate(path, Math.floor((await stat(path)).size / 2));
    const truncatedAt = Date.now();
    await afterGoodPull(served!.url, truncatedAt);
    assert.deepEqual(await playerStats(uuid), good);
    const warned = await served!.waitForLine((line) =>
      line.event === 'pull' && Array.isArray(line.warning_list) && (line.warning_list as string[]).some((w) => w.includes(file) && w.includes('last good')));
    assert.equal(warned.level, 'warn');
    assert.ok((warned.kept as number) >= 1);
    // Health says the save is partly unreadable, and why, until the file reads again.
    const health = await getJson(`${served!.url}/v1/health`);
    assert.equal(health.body.data.status, 'degraded');
    assert.equal(health.body.data.data_stale, false);
    assert.deepEqual(health.body.data.reasons.map((r: { code: string }) => r.code), ['save_partly_unreadable']);
    assert.match(health.body.data.reasons[0].detail, new RegExp(file));
    await writeFile(path, whole);
    await until(() => getJson(`${served!.url}/v1/health`), ({ body }) => body.data.status === 'ok');
  });

  test('a vanished world keeps the last good snapshot served, /v1/health degraded, then recovers', async () => {
    const before = await getJson(`${served!.url}/v1/health`);
    const lastGood = before.body.data.data_updated_at as string;
    const expected = await getJson(`${served!.url}/v1/players?limit=500`);
    await rename(join(server, 'world'), join(server, 'world.partial'));
    const degraded = await until(() => getJson(`${served!.url}/v1/health`), ({ body }) => body.data.status === 'degraded');
    assert.equal(degraded.body.data.data_stale, false);
    assert.equal(degraded.body.data.reasons[0].code, 'pull_failed');
    assert.ok(Date.parse(degraded.body.data.last_error_at) > Date.parse(lastGood));
    await served!.waitForLine((line) => line.event === 'pull' && line.ok === false);
    const during = await getJson(`${served!.url}/v1/players?limit=500`);
    assert.equal(during.status, 200);
    assert.deepEqual(during.body.data, expected.body.data);

    await rename(join(server, 'world.partial'), join(server, 'world'));
    const recovered = await until(() => getJson(`${served!.url}/v1/health`), ({ body }) => body.data.status === 'ok');
    // The world came back as it was: the statistics are the last good ones, and health names
    // them as every answer does; only the failure stays on record.
    const answer = await getJson(`${served!.url}/v1/players?limit=500`);
    assert.ok(Date.parse(recovered.body.data.data_updated_at) >= Date.parse(lastGood));
    assert.ok(Date.parse(answer.body.meta.data_updated_at) >= Date.parse(recovered.body.data.data_updated_at));
    assert.deepEqual(answer.body.data, expected.body.data);
    assert.ok(Date.parse(recovered.body.data.last_error_at) >= Date.parse(degraded.body.data.last_error_at));
  });

  test('SIGTERM stops it cleanly; a restart serves the persisted snapshot at once', async () => {
    served!.child.kill('SIGTERM');
    assert.equal(await served!.exited, 0);
    assert.ok(served!.lines.some((line) => line.event === 'stopped'));

    // With the world gone, only the persisted snapshot can answer.
    await rename(join(server, 'world'), join(server, 'world.away'));
    served = await startServe(['--server', server, '--data', data, '--config', config]);
    const players = await getJson(`${served.url}/v1/players`);
    assert.equal(players.status, 200);
    assert.equal(players.body.meta.pagination.total, 29);
    await rename(join(server, 'world.away'), join(server, 'world'));
    served.child.kill('SIGTERM');
    assert.equal(await served.exited, 0);
  });

  describe('SIGTERM during a request', () => {
    let hung: FakeJavaServer;
    before(async () => {
      // A game server that accepts the status ping and never answers: /v1/status waits for the
      // ping's timeout, which keeps a request in flight long enough to signal the process.
      hung = await fakeJavaServer({ mode: 'silent' });
    });
    after(async () => {
      await hung.close();
    });

    test('lets the request complete, then exits 0', async () => {
      const slowConfig = join(work, 'slow.json');
      await writeFile(slowConfig, JSON.stringify({
        skins: { enabled: false },
        modrinth: { enabled: false },
        status: { java: hung.address, timeout: '1500ms', cache: '0s', srv: false },
        schedule: { refresh: '1h' },
      }));
      served = await startServe(['--server', server, '--data', join(work, 'data-slow'), '--config', slowConfig]);
      await until(() => getJson(`${served!.url}/v1/health`), ({ body }) => body.data.status === 'ok');
      const pings = hung.connections();
      const pending = fetch(`${served.url}/v1/status`);
      await until(async () => hung.connections(), (n) => n > pings, 5_000);
      served.child.kill('SIGTERM');
      await served.waitForLine((line) => line.event === 'shutdown');
      const response = await pending;
      assert.equal(response.status, 200);
      const body = (await response.json()) as { data: { online: boolean; reason: string } };
      assert.equal(body.data.online, false);
      assert.equal(body.data.reason, 'timeout');
      assert.equal(await served.exited, 0);
      const order = served.lines.map((line) => line.event);
      const statusLine = served.lines.findIndex((line) => line.event === 'request' && line.path === '/v1/status');
      assert.ok(statusLine > order.indexOf('shutdown'), 'the request finished after the shutdown began');
      assert.ok(order.indexOf('stopped') > statusLine, 'the process stopped only after the request finished');
      // Stopped accepting: the port is closed now.
      await assert.rejects(fetch(`${served.url}/v1/health`));
    });
  });
});
