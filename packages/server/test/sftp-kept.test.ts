// The SFTP connection kept between pulls, against a real OpenSSH sshd (see sshServer.ts) reached
// through a TCP relay that counts the connections: a scheduled server logs in once for many
// pulls and ends the connection at close(); a one-shot read closes it after its sync; sshd
// restarted between two pulls, the next pull connects anew; a sync stopped on a kept connection
// fails alone and the next one connects again.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, utimesSync, readdirSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_READ_LIMITS } from '@blockstats/core';
import { sftpSource } from '../src/remote/createSaveSource.js';
import type { SftpSaveLocation } from '../src/remote/parseSaveLocation.js';
import { RemoteSaveError } from '../src/remote/RemoteSaveError.js';
import type { SftpSettings } from '../src/remote/sftpSettings.js';
import { createReferenceServer } from '../src/reference/createReferenceServer.js';
import { capturedLog, sftpLocation, sftpTestSettings } from './sftpFixtures.js';
import { sshForTests, type SshServer } from './sshServer.js';

const DEMO = new URL('../../../examples/demo-server', import.meta.url).pathname;
const started = await sshForTests();
const ssh = started.ssh as SshServer;
const work = mkdtempSync(join(tmpdir(), 'blockstats-sftp-kept-'));
const remote = join(work, 'remote');

const location = (port: number): SftpSaveLocation => sftpLocation(ssh, remote, port);
const settings = (): SftpSettings => sftpTestSettings(ssh);
const capture = capturedLog;

/** A TCP relay to sshd counting the connections made through it and those still open. */
async function countingRelay(): Promise<{ port: number; made: () => number; open: () => number; allClosed: () => Promise<void>; close(): Promise<void> }> {
  const open = new Set<Socket>();
  let made = 0;
  let onEmpty: (() => void) | null = null;
  const server: Server = createServer((client) => {
    made++;
    open.add(client);
    const upstream = connect(ssh.port, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    const done = (): void => {
      client.destroy();
      upstream.destroy();
      if (open.delete(client) && open.size === 0) onEmpty?.();
    };
    for (const s of [client, upstream]) s.on('error', () => undefined).on('close', done);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    made: () => made,
    open: () => open.size,
    allClosed: () => (open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onEmpty = resolve))),
    close: () => new Promise((resolve) => { for (const s of open) s.destroy(); server.close(() => resolve()); }),
  };
}

/** Rewrites a few stats files with a later mtime: the next sync has something to copy. */
function touchSome(count: number): void {
  const dir = join(remote, 'world', 'stats');
  for (const name of readdirSync(dir).sort().slice(0, count)) {
    const file = join(dir, name);
    writeFileSync(file, readFileSync(file, 'utf8').replace('{', `{"blockstats_kept": ${Date.now()}, `));
    const later = Date.now() / 1000 + 120;
    utimesSync(file, later, later);
  }
}

describe('SFTP connection kept between pulls, against a real sshd', { skip: started.skip }, () => {
  before(() => cpSync(DEMO, remote, { recursive: true }));
  after(async () => {
    await ssh?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('a source kept open logs in once for several syncs, and close() ends the connection', async () => {
    const relay = await countingRelay();
    try {
      const log = capture();
      const source = sftpSource(location(relay.port), { settings: settings(), mirrorBase: join(work, 'm1'), limits: DEFAULT_READ_LIMITS, log, keepOpenMs: 600_000 });
      await source.prepare();
      touchSome(3);
      await source.prepare();
      await source.prepare();
      assert.equal(relay.made(), 1);
      assert.deepEqual(log.syncs().map((s) => [s.connection, s.copied]), [['new', log.syncs()[0]!.copied], ['kept', 3], ['kept', 0]]);
      assert.equal(relay.open(), 1, 'open between syncs');
      source.close!();
      await relay.allClosed();
      assert.equal(relay.open(), 0);
    } finally {
      await relay.close();
    }
  });

  it('without keepOpenMs (a one-shot read) each sync connects and closes its connection', async () => {
    const relay = await countingRelay();
    try {
      const source = sftpSource(location(relay.port), { settings: settings(), mirrorBase: join(work, 'm1'), limits: DEFAULT_READ_LIMITS });
      await source.prepare();
      await relay.allClosed();
      await source.prepare();
      await relay.allClosed();
      assert.equal(relay.made(), 2);
    } finally {
      await relay.close();
    }
  });

  it('sshd restarted between two syncs: the next one connects anew and succeeds', async () => {
    const relay = await countingRelay();
    try {
      const log = capture();
      const source = sftpSource(location(relay.port), { settings: settings(), mirrorBase: join(work, 'm1'), limits: DEFAULT_READ_LIMITS, log, keepOpenMs: 600_000 });
      await source.prepare();
      await ssh.stop();
      await relay.allClosed();
      await ssh.start();
      touchSome(2);
      assert.deepEqual(await source.prepare(), []);
      // (Each relay is another port, so another URL: the first sync of each test copies everything.)
      assert.deepEqual(log.syncs().map((s) => s.connection), ['new', 'new']);
      assert.equal(log.syncs()[1]!.copied, 2);
      assert.equal(relay.made(), 2);
      source.close!();
    } finally {
      await relay.close();
    }
  });

  it('a sync stopped on a kept connection fails alone; the next one connects again', async () => {
    const relay = await countingRelay();
    try {
      const log = capture();
      const source = sftpSource(location(relay.port), { settings: settings(), mirrorBase: join(work, 'm1'), limits: DEFAULT_READ_LIMITS, log, keepOpenMs: 600_000 });
      await source.prepare();
      await assert.rejects(source.prepare(AbortSignal.abort(new Error('the server is shutting down'))), (error: unknown) => error instanceof RemoteSaveError && error.code === 'dropped' && /the copy was stopped \(the server is shutting down\)/.test(error.message));
      await relay.allClosed();
      assert.deepEqual(await source.prepare(), []);
      assert.equal(relay.made(), 2);
      assert.deepEqual(log.syncs().map((s) => s.connection), ['new', 'new']);
      source.close!();
    } finally {
      await relay.close();
    }
  });

  it('blockstats serve\'s server keeps the connection from pull to pull and ends it at close(); a read-only one does not keep it', async () => {
    const relay = await countingRelay();
    const config = (data: string) => ({ server_dir: location(relay.port).url, data_dir: join(work, data), sftp: { private_key: ssh.clientKey, host_key_sha256: [ssh.fingerprint()] }, schedule: { watch: false }, rate_limit: { requests: 0 } });
    try {
      const server = createReferenceServer(config('data'), { renderPng: null });
      try {
        for (let i = 0; i < 3; i++) assert.equal((await server.pull()).ok, true);
        assert.equal(relay.made(), 1);
        assert.equal(relay.open(), 1);
      } finally {
        await server.close();
      }
      await relay.allClosed();
      const offline = createReferenceServer(config('data-ro'), { renderPng: null, readOnly: true });
      try {
        assert.equal((await offline.pull()).ok, true);
        await relay.allClosed();
        assert.equal(relay.made(), 2);
      } finally {
        await offline.close();
      }
    } finally {
      await relay.close();
    }
  });
});
