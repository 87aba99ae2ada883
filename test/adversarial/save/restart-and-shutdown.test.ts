// Findings 4 (shutdown) and 12 (temporary files, the record's lock) of issue 14, at a small
// scale, against the CLI: a second signal ends `blockstats serve` at once even while the first
// waits for a request; temporary files of writes killed mid-way are removed at start;
// `blockstats record` run beside a writer holding the record's lock waits for it instead of
// failing at once.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fakeJavaServer } from '@blockstats/server/testing';
import { cleanUp, getJson, makeServer, runCli, startServe, tempDir, until, uuid, writeConfig, type Served } from './support.js';

/** A pid no process has (above any pid_max): a writer killed long ago. */
const DEAD = 999_999_999;

describe('restarts and shutdowns (findings 4, 12)', { timeout: 60_000 }, () => {
  let served: Served | null = null;
  after(cleanUp);

  test('temporary files of writes killed mid-way are removed at start', async () => {
    const server = makeServer(2);
    const work = tempDir('temps');
    const data = join(work, 'data');
    mkdirSync(join(data, 'last-good'), { recursive: true });
    const leftovers = [join(data, `snapshot.json.${DEAD}.4.tmp`), join(data, 'last-good', `${uuid(0)}.json.gz.${DEAD}.9.tmp`)];
    for (const file of leftovers) writeFileSync(file, 'half a write');
    served = await startServe(['--server', server, '--data', data, '--config', writeConfig(work)]);
    await served.waitForLine((line) => line.event === 'pull' && line.ok === true);
    for (const file of leftovers) assert.ok(!existsSync(file), file);
    assert.ok(served.lines.some((line) => line.event === 'temporary_files_removed'));
    // (The store may be writing its own temporary files right now: only the dead writer's must be gone.)
    assert.ok(!readdirSync(join(data, 'last-good')).some((name) => name.includes(`.${DEAD}.`)));
    served.child.kill('SIGTERM');
    assert.deepEqual(await served.exited, { code: 0, signal: null });
  });

  test('blockstats record waits for the record\'s lock held by another live writer', async () => {
    const server = makeServer(2);
    const data = join(tempDir('lock'), 'data');
    mkdirSync(join(data, 'record'), { recursive: true });
    // The lock as `blockstats serve` holds it while it appends: this test runner is the live writer.
    const lock = join(data, 'record', '.lock');
    writeFileSync(lock, `${process.pid}\n`);
    const begin = Date.now();
    const run = runCli(['record', '--server', server, '--data', data, '--json']);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal(run.child.exitCode, null, `still waiting; stderr: ${run.stderr()}`);
    rmSync(lock);
    assert.deepEqual(await run.exited, { code: 0, signal: null }, run.stderr());
    assert.ok(Date.now() - begin >= 1_000);
    assert.equal(JSON.parse(run.stdout()).players, 2);
  });

  test('SIGTERM during the very first pull says it stops and what it abandons, then exits 0', async () => {
    // The first pull waits for the live ping (the online count it records): a server that never
    // answers keeps it going for the ping's 5 s, long enough to be interrupted.
    const hung = await fakeJavaServer({ mode: 'silent' });
    try {
      const work = tempDir('first-pull');
      const config = writeConfig(work, { status: { java: hung.address, timeout: '5s', cache: '0s', srv: false }, schedule: { refresh: '1h' } });
      const run = runCli(['serve', '--host', '127.0.0.1', '--port', '0', '--server', makeServer(2), '--data', join(work, 'data'), '--config', config]);
      await until(async () => hung.connections(), (n) => n > 0, 20_000);
      run.child.kill('SIGTERM');
      assert.deepEqual(await run.exited, { code: 0, signal: null }, run.stderr());
      const events = run.lines.map((line) => line.event);
      const shutdown = run.lines.find((line) => line.event === 'shutdown');
      assert.ok(shutdown, `a shutdown line; got ${events.join(', ')}`);
      assert.equal(shutdown.signal, 'SIGTERM');
      assert.match(String(shutdown.abandoned), /the first pull, reading the save for \d+ s/);
      assert.ok(events.includes('stopped'));
      assert.ok(!events.includes('listening') && !events.includes('first_pull_failed'), events.join(', '));
      assert.ok(!existsSync(join(work, 'data', 'data-dir.lock')), 'the lock goes with it');
    } finally {
      await hung.close();
    }
  });

  test('a second signal ends serve at once while the first waits for a request', async () => {
    const hung = await fakeJavaServer({ mode: 'silent' });
    try {
      const server = makeServer(2);
      const work = tempDir('signals');
      const config = writeConfig(work, { status: { java: hung.address, timeout: '5s', cache: '0s', srv: false }, schedule: { refresh: '1h' } });
      served = await startServe(['--server', server, '--data', join(work, 'data'), '--config', config]);
      await until(() => getJson(`${served!.url}/v1/health`), ({ body }) => body.data.status === 'ok');
      const pings = hung.connections();
      const pending = fetch(`${served.url}/v1/status`).catch(() => null);
      await until(async () => hung.connections(), (n) => n > pings, 5_000);
      served.child.kill('SIGTERM');
      await served.waitForLine((line) => line.event === 'shutdown');
      const begin = Date.now();
      served.child.kill('SIGTERM');
      assert.deepEqual(await served.exited, { code: null, signal: 'SIGTERM' });
      assert.ok(Date.now() - begin < 5_000, 'ended at once, not after the request or the grace period');
      assert.ok(served.lines.some((line) => line.event === 'shutdown_forced'));
      await pending;
    } finally {
      await hung.close();
    }
  });
});
