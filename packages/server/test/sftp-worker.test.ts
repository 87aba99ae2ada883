// `sftpWorkerSource` (the SFTP sync on a thread of its own, as `blockstats serve` runs it)
// against a real OpenSSH sshd: the same mirror and warnings as `sftpSource`, its log lines on the
// server's logger, its failures as the same RemoteSaveError, a sync stopped by the pull's signal,
// a sync started ahead taken over, and a source closed.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_READ_LIMITS } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import type { SftpSaveLocation } from '../src/remote/parseSaveLocation.js';
import { RemoteSaveError } from '../src/remote/RemoteSaveError.js';
import type { SftpSettings } from '../src/remote/sftpSettings.js';
import { sftpWorkerSource } from '../src/remote/sftpWorkerSource.js';
import { capturedLog, sftpLocation, sftpTestSettings } from './sftpFixtures.js';
import { sshForTests, type SshServer } from './sshServer.js';

const DEMO = new URL('../../../examples/demo-server', import.meta.url).pathname;
const started = await sshForTests();
const ssh = started.ssh as SshServer;
const work = mkdtempSync(join(tmpdir(), 'blockstats-sftp-worker-test-'));
const remote = join(work, 'remote');

const location = (): SftpSaveLocation => sftpLocation(ssh, remote);
const settings = (over: Partial<SftpSettings> = {}): SftpSettings => sftpTestSettings(ssh, over);
const statsFiles = (): string[] => readdirSync(join(remote, 'world', 'stats')).sort();

describe('the SFTP sync on a thread of its own (sftpWorkerSource)', { skip: started.skip }, () => {
  before(() => cpSync(DEMO, remote, { recursive: true }));
  after(async () => {
    await ssh?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('mirrors the save as sftpSource does, with its sync line on the given logger', async () => {
    const base = join(work, 'first');
    const log = capturedLog();
    const source = sftpWorkerSource(location(), { settings: settings(), mirrorBase: base, limits: DEFAULT_READ_LIMITS, log });
    try {
      assert.equal(source.dir, join(base, 'save'));
      assert.deepEqual(await source.prepare(), []);
      const sync = log.lines.find((l) => l.event === 'sync');
      assert.ok(sync, 'the sync line came over from the thread');
      assert.equal(sync.fields.save, location().url);
      assert.ok(Number(sync.fields.copied) > 200);
      const [local, mirrored] = await Promise.all([readSave(remote), readSave(source.dir)]);
      assert.deepEqual(mirrored.players.map((p) => [p.uuid, p.stats]), local.players.map((p) => [p.uuid, p.stats]));
      // A sync started ahead and taken over by the next prepare: a changed file travels once.
      const file = statsFiles()[0]!;
      writeFileSync(join(remote, 'world', 'stats', file), '{"stats":{},"DataVersion":3953}');
      source.prepareAhead?.();
      assert.deepEqual(await source.prepare(), []);
      assert.equal(readFileSync(join(source.dir, 'world', 'stats', file), 'utf8'), '{"stats":{},"DataVersion":3953}');
      assert.equal(log.lines.filter((l) => l.event === 'sync').length, 2);
    } finally {
      source.close?.();
    }
  });

  it('a refused login rejects with the same RemoteSaveError, holding no secret', async () => {
    const password = 'hunter2-not-the-password';
    const source = sftpWorkerSource(location(), { settings: settings({ credentials: { password } }), mirrorBase: join(work, 'auth'), limits: DEFAULT_READ_LIMITS });
    try {
      await assert.rejects(source.prepare(), (error: unknown) => error instanceof RemoteSaveError && error.code === 'auth' && error.message.startsWith(location().url) && !error.message.includes(password));
    } finally {
      source.close?.();
    }
  });

  it("the pull's signal stops a sync under way, as a dropped connection, and the next sync works", async () => {
    const source = sftpWorkerSource(location(), { settings: settings(), mirrorBase: join(work, 'stopped'), limits: DEFAULT_READ_LIMITS });
    try {
      const controller = new AbortController();
      const sync = source.prepare(controller.signal);
      controller.abort(new Error('the server is shutting down'));
      await assert.rejects(sync, (error: unknown) => error instanceof RemoteSaveError && error.code === 'dropped' && /shutting down/.test(error.message));
      assert.deepEqual(await source.prepare(), []);
    } finally {
      source.close?.();
    }
  });

  it('after close, a sync is refused at once', async () => {
    const source = sftpWorkerSource(location(), { settings: settings(), mirrorBase: join(work, 'closed'), limits: DEFAULT_READ_LIMITS });
    source.close?.();
    await assert.rejects(source.prepare(), (error: unknown) => error instanceof RemoteSaveError && error.code === 'dropped');
  });
});
