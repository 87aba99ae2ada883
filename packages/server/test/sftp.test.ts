// An SFTP save against a real OpenSSH sshd started on a free port (see sshServer.ts), with the
// generated demo server as the remote save: the first copy, a 1 %-changed copy, a changed or
// unknown host key, wrong credentials, the connection dropped mid-copy, a file vanishing or
// changing mid-copy, an oversized file, a sync stopped while it connects, and the server down
// for several pulls and back. After
// each failure the mirror is exactly what the last complete sync left: nothing half-copied.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_READ_LIMITS } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { connectSftp, type SftpSession } from '../src/remote/connectSftp.js';
import { sftpSource } from '../src/remote/createSaveSource.js';
import { loadMirrorManifest } from '../src/remote/mirrorManifest.js';
import type { SftpSaveLocation } from '../src/remote/parseSaveLocation.js';
import { RemoteSaveError } from '../src/remote/RemoteSaveError.js';
import type { SftpSettings } from '../src/remote/sftpSettings.js';
import { syncMirror } from '../src/remote/syncMirror.js';
import { ConfigError } from '../src/reference/ConfigError.js';
import { createReferenceServer } from '../src/reference/createReferenceServer.js';
import { capturedLog, sftpLocation, sftpTestSettings } from './sftpFixtures.js';
import { sshForTests, type SshServer } from './sshServer.js';

const DEMO = new URL('../../../examples/demo-server', import.meta.url).pathname;
const started = await sshForTests();
const ssh = started.ssh as SshServer;
const work = mkdtempSync(join(tmpdir(), 'blockstats-sftp-test-'));
const remote = join(work, 'remote');

const location = (port = ssh.port): SftpSaveLocation => sftpLocation(ssh, remote, port);
const settings = (over: Partial<SftpSettings> = {}): SftpSettings => sftpTestSettings(ssh, over);

/** Every file under a folder, relative path → sha256 of its bytes. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return out;
}

/** What the reader needs of the remote save (what the mirror must equal). */
function needed(): Map<string, string> {
  const all = tree(remote);
  return new Map([...all].filter(([file]) => /^(server\.properties|usercache\.json|whitelist\.json|banned-players\.json|ops\.json|plugins\/floodgate\/config\.yml|world\/(stats|advancements|playerdata)\/[0-9a-f-]{36}\.(json|dat)|mods\/[^/]+\.jar)$/i.test(file)));
}

const capture = capturedLog;

/** A TCP relay to sshd that cuts both sides once `cutAfter` bytes came from the server. */
async function cuttingProxy(cutAfter: number): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(ssh.port, '127.0.0.1');
    sockets.add(client).add(upstream);
    let bytes = 0;
    upstream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > cutAfter) {
        client.destroy();
        upstream.destroy();
      } else client.write(chunk);
    });
    client.pipe(upstream);
    for (const s of [client, upstream]) s.on('error', () => undefined).on('close', () => { client.destroy(); upstream.destroy(); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () => new Promise((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); }),
  };
}

/** Rewrites a remote file with new content and a later mtime (SFTP's mtime is in whole seconds). */
function rewrite(file: string, content: string | Buffer): void {
  writeFileSync(join(remote, file), content);
  const later = Date.now() / 1000 + 60;
  utimesSync(join(remote, file), later, later);
}

const statsFiles = (): string[] => readdirSync(join(remote, 'world', 'stats')).sort().map((name) => `world/stats/${name}`);

describe('SFTP saves against a real sshd', { skip: started.skip }, () => {
  before(() => cpSync(DEMO, remote, { recursive: true }));
  after(async () => {
    await ssh?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const base = join(work, 'mirror');
  const mirror = join(base, 'save');

  it('first copy: the mirror holds exactly what the reader needs, and reads as the save itself', async () => {
    const log = capture();
    const warnings = await sftpSource(location(), { settings: settings(), mirrorBase: base, limits: DEFAULT_READ_LIMITS, log }).prepare();
    assert.deepEqual(warnings, []);
    assert.deepEqual(tree(mirror), needed());
    const sync = log.lines.find((l) => l.event === 'sync')!.fields;
    assert.equal(sync.copied, needed().size);
    const [local, mirrored] = await Promise.all([readSave(remote), readSave(mirror)]);
    assert.equal(mirrored.players.length, local.players.length);
    assert.ok(mirrored.players.length >= 200);
    assert.deepEqual(mirrored.players.map((p) => [p.uuid, p.name, p.stats]), local.players.map((p) => [p.uuid, p.name, p.stats]));
    assert.equal(readdirSync(base).filter((n) => n.startsWith('staging')).length, 0, 'no staging folder left');
  });

  it('1 %-changed copy: only the changed files travel, and the mirror follows', async () => {
    const changed = statsFiles().slice(0, 3);
    for (const file of changed) rewrite(file, readFileSync(join(remote, file), 'utf8').replace('{', '{"blockstats_test": 1, '));
    const log = capture();
    await sftpSource(location(), { settings: settings(), mirrorBase: base, limits: DEFAULT_READ_LIMITS, log }).prepare();
    const sync = log.lines.find((l) => l.event === 'sync')!.fields;
    assert.equal(sync.copied, 3);
    assert.deepEqual(tree(mirror), needed());
  });

  it('a source syncing a few changed files again writes its manifest only once due; a restart then copies again just the files changed since', async () => {
    const source = sftpSource(location(), { settings: settings(), mirrorBase: base, limits: DEFAULT_READ_LIMITS });
    const [first, second] = statsFiles().slice(3, 5) as [string, string];
    const change = (file: string, n: number): void => rewrite(file, readFileSync(join(remote, file), 'utf8').replace('{', `{"blockstats_manifest_test": ${n}, `));
    change(first, 1);
    await source.prepare();
    const written = readFileSync(join(base, 'manifest.json'), 'utf8');
    change(second, 2);
    await source.prepare();
    assert.equal(readFileSync(join(base, 'manifest.json'), 'utf8'), written);
    assert.deepEqual(tree(mirror), needed());
    const log = capture();
    await sftpSource(location(), { settings: settings(), mirrorBase: base, limits: DEFAULT_READ_LIMITS, log }).prepare();
    assert.equal(log.lines.find((l) => l.event === 'sync')!.fields.copied, 1);
    assert.deepEqual(tree(mirror), needed());
  });

  it('an oversized file is refused with a warning, and the mirror no longer serves its old copy', async () => {
    const big = statsFiles()[5]!;
    rewrite(big, `${readFileSync(join(remote, big), 'utf8')}${' '.repeat(200_000)}`);
    const limits = { ...DEFAULT_READ_LIMITS, playerFileBytes: 100_000 };
    const warnings = await sftpSource(location(), { settings: settings(), mirrorBase: base, limits }).prepare();
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0]!.file, big);
    assert.match(warnings[0]!.reason, /over its limit of 97\.7 KiB; not copied/);
    assert.equal(warnings[0]!.unreadable, true);
    assert.equal(existsSync(join(mirror, big)), false);
    const expected = needed();
    expected.delete(big);
    assert.deepEqual(tree(mirror), expected);
    // Within the limit again: copied at the next sync.
    rewrite(big, readFileSync(join(remote, big), 'utf8').trimEnd());
    assert.deepEqual(await sftpSource(location(), { settings: settings(), mirrorBase: base, limits }).prepare(), []);
    assert.deepEqual(tree(mirror), needed());
  });

  /** One sync through a session whose requests the test interferes with. */
  async function syncWith(wrap: (session: SftpSession) => SftpSession) {
    const manifest = await loadMirrorManifest(join(base, 'manifest.json'), location().url, mirror);
    const session = await connectSftp({ location: location(), credentials: settings().credentials, hostKeys: settings().hostKeys, timeoutMs: 10_000 });
    try {
      return await syncMirror({ session: wrap(session), root: remote, where: location().url, mirrorDir: mirror, stagingDir: join(base, 'staging-test'), manifest, limits: DEFAULT_READ_LIMITS, filesInFlight: 4 });
    } finally {
      session.end();
    }
  }

  it('a file vanishing mid-copy keeps its previous copy, with a warning; the others are copied', async () => {
    const [gone, other] = statsFiles().slice(10, 12) as [string, string];
    const before = readFileSync(join(mirror, gone));
    rewrite(gone, '{"stats":{}}');
    rewrite(other, readFileSync(join(remote, other), 'utf8').replace('{', '{"blockstats_test": 2, '));
    const report = await syncWith((s) => ({ ...s, open: (path) => { if (path.endsWith(gone)) unlinkSync(join(remote, gone)); return s.open(path); } }));
    assert.deepEqual(report.warnings.map((w) => [w.file, w.reason]), [[gone, 'vanished from the server while being copied; its previous copy is kept until the next sync']]);
    assert.deepEqual(readFileSync(join(mirror, gone)), before);
    assert.equal(tree(mirror).get(other), needed().get(other));
    // For the listing guide: the copied player's file changed; the vanished one's is looked up again.
    const uuidOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
    assert.deepEqual([[...report.others], [...report.pending]], [[uuidOf(other)], [uuidOf(gone)]]);
  });

  it('a file changing mid-copy is never published half-read', async () => {
    const file = 'world/playerdata/' + readdirSync(join(remote, 'world', 'playerdata')).sort()[0];
    const before = readFileSync(join(mirror, file));
    rewrite(file, Buffer.concat([readFileSync(join(remote, file)), Buffer.alloc(200_000, 1)]));
    // Grown at every read: the copy found otherwise than listed is tried once more, and that
    // one is found grown too.
    let grown = 0;
    let target: Buffer | null = null;
    const report = await syncWith((s) => ({ ...s, open: async (path) => {
      const handle = await s.open(path);
      if (path.endsWith(file)) target = handle;
      return handle;
    }, read: async (handle, buffer, position) => {
      const n = await s.read(handle, buffer, position);
      if (handle === target) {
        grown++;
        appendFileSync(join(remote, file), Buffer.alloc(10, 2));
      }
      return n;
    } }));
    assert.equal(grown, 2);
    assert.deepEqual(report.warnings.map((w) => w.file), [file]);
    assert.match(report.warnings[0]!.reason, /changed on the server while being copied/);
    assert.deepEqual(readFileSync(join(mirror, file)), before);
    // The next sync copies it whole.
    assert.deepEqual(await sftpSource(location(), { settings: settings(), mirrorBase: base, limits: DEFAULT_READ_LIMITS }).prepare(), []);
    assert.deepEqual(tree(mirror), needed());
  });

  for (const [what, index, again] of [
    ['the same size, a new time', 30, (text: string) => text.replace('"blockstats_test": 3', '"blockstats_test": 4')],
    ['longer', 32, (text: string) => text.replace('"blockstats_test": 3', '"blockstats_test": 4, "grown": 12345')],
  ] as const) {
    it(`a file rewritten between the listing and its copy (${what}) is copied as it is now`, async () => {
      const file = statsFiles()[index]!;
      const listed = readFileSync(join(remote, file), 'utf8').replace('{', '{"blockstats_test": 3, ');
      rewrite(file, listed);
      let opens = 0;
      const report = await syncWith((s) => ({ ...s, open: (path) => {
        if (path.endsWith(file) && opens++ === 0) {
          writeFileSync(join(remote, file), again(listed));
          const later = Date.now() / 1000 + 120;
          utimesSync(join(remote, file), later, later);
        }
        return s.open(path);
      } }));
      assert.deepEqual(report.warnings, []);
      assert.equal(opens, 2, 'read again once');
      assert.deepEqual(tree(mirror), needed(), 'its bytes and time as the server has them now');
      assert.equal(readFileSync(join(mirror, file), 'utf8'), again(listed));
    });
  }

  it('a file rewritten at every read waits for the next sync, its previous copy kept', async () => {
    const file = statsFiles()[31]!;
    const before = readFileSync(join(mirror, file));
    const listed = readFileSync(join(remote, file), 'utf8').replace('{', '{"blockstats_test": 5, ');
    rewrite(file, listed);
    let opens = 0;
    const report = await syncWith((s) => ({ ...s, open: (path) => {
      if (path.endsWith(file)) {
        const later = Date.now() / 1000 + 200 + 10 * ++opens;
        utimesSync(join(remote, file), later, later);
      }
      return s.open(path);
    } }));
    assert.equal(opens, 2);
    assert.deepEqual(report.warnings.map((w) => [w.file, w.reason]), [[file, 'changed on the server while being copied; its previous copy is kept until the next sync']]);
    assert.deepEqual(readFileSync(join(mirror, file)), before);
    assert.deepEqual(await sftpSource(location(), { settings: settings(), mirrorBase: base, limits: DEFAULT_READ_LIMITS }).prepare(), []);
    assert.deepEqual(tree(mirror), needed());
  });

  it('the connection dropped mid-copy fails the sync and leaves the last complete mirror untouched', async () => {
    const before = tree(mirror);
    const changed = statsFiles().slice(20, 120);
    for (const file of changed) rewrite(file, `${readFileSync(join(remote, file), 'utf8')}${' '.repeat(40_000 + Math.floor(Math.random() * 1000))}`);
    const proxy = await cuttingProxy(1_000_000);
    try {
      await assert.rejects(
        sftpSource(location(proxy.port), { settings: settings(), mirrorBase: base, limits: DEFAULT_READ_LIMITS }).prepare(),
        (error: unknown) => error instanceof RemoteSaveError && error.code === 'dropped' && error.message.startsWith(location(proxy.port).url),
      );
    } finally {
      await proxy.close();
    }
    assert.deepEqual(tree(mirror), before, 'not one file of the interrupted sync is in the mirror');
    assert.equal(readdirSync(base).filter((n) => n.startsWith('staging')).length, 0);
    await sftpSource(location(), { settings: settings(), mirrorBase: base, limits: DEFAULT_READ_LIMITS }).prepare();
    assert.deepEqual(tree(mirror), needed());
  });

  it('a sync stopped while it connects fails as stopped, and nothing is left to throw later', async () => {
    const controller = new AbortController();
    const sync = sftpSource(location(), { settings: settings(), mirrorBase: join(work, 'stopped-early'), limits: DEFAULT_READ_LIMITS }).prepare(controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 60));
    controller.abort(new Error('the server is shutting down'));
    await assert.rejects(sync, (error: unknown) => error instanceof RemoteSaveError && error.code === 'dropped' && /shutting down/.test(error.message));
    // The connection's last words (a reset of its socket) arrive after the rejection: an uncaught one fails this file.
    await new Promise((resolve) => setTimeout(resolve, 500));
  });

  it('wrong credentials are refused with a message holding no secret', async () => {
    const password = 'hunter2-not-the-password';
    for (const credentials of [{ privateKey: readFileSync(ssh.otherKey) }, { password }]) {
      await assert.rejects(
        sftpSource(location(), { settings: settings({ credentials }), mirrorBase: base, limits: DEFAULT_READ_LIMITS }).prepare(),
        (error: unknown) => error instanceof RemoteSaveError && error.code === 'auth' && !error.message.includes(password) && !error.message.includes('PRIVATE KEY'),
      );
    }
  });

  it('an unknown or changed host key is refused; the mirror stays; known_hosts accepts the new key', async () => {
    const before = tree(mirror);
    const oldFingerprint = ssh.fingerprint();
    const unknown = sftpSource(location(), { settings: settings({ hostKeys: { knownHosts: '# nothing\n' } }), mirrorBase: base, limits: DEFAULT_READ_LIMITS });
    await assert.rejects(unknown.prepare(), (error: unknown) => error instanceof RemoteSaveError && error.code === 'host_key' && /is unknown/.test(error.message));
    await ssh.stop();
    await ssh.start({ newHostKey: true });
    assert.notEqual(ssh.fingerprint(), oldFingerprint);
    const pinned = sftpSource(location(), { settings: settings({ hostKeys: { sha256: [oldFingerprint] } }), mirrorBase: base, limits: DEFAULT_READ_LIMITS });
    await assert.rejects(pinned.prepare(), (error: unknown) => error instanceof RemoteSaveError && error.code === 'host_key' && error.message.includes(`changed: it is now ${ssh.fingerprint()}`));
    assert.deepEqual(tree(mirror), before);
    const known = sftpSource(location(), { settings: settings({ hostKeys: { knownHosts: readFileSync(ssh.knownHosts(), 'utf8') } }), mirrorBase: base, limits: DEFAULT_READ_LIMITS });
    assert.deepEqual(await known.prepare(), []);
  });

  it('blockstats serve\'s server: down for several pulls keeps the last good data, health says since when, back again', async () => {
    let now = Date.UTC(2026, 10, 20, 12);
    const log = capture();
    const password = 'never-logged-secret';
    const server = createReferenceServer(
      { server_dir: location().url, data_dir: join(work, 'data'), sftp: { private_key: ssh.clientKey, host_key_sha256: [ssh.fingerprint()], timeout: 5_000 }, schedule: { watch: false }, rate_limit: { requests: 0 } },
      { clock: () => now, log, env: { BLOCKSTATS_SFTP_PASSWORD: password }, renderPng: null },
    );
    try {
      const first = await server.pull();
      assert.equal(first.ok, true, first.error ?? '');
      assert.ok(first.players >= 200);
      await ssh.stop();
      const downAt = now += 15 * 60_000;
      for (let i = 0; i < 3; i++) {
        const pull = await server.pull();
        assert.equal(pull.ok, false);
        assert.match(pull.error!, /connection refused/);
        assert.equal(server.snapshot()!.generation, first.generation, 'the last good data is served');
        now += 15 * 60_000;
      }
      const health = await (await server.fetch(new Request('http://localhost/v1/health'))).json() as { data: { reasons: Array<{ code: string; detail: string }> } };
      const reason = health.data.reasons.find((r) => r.code === 'save_unreachable');
      assert.ok(reason, JSON.stringify(health.data));
      assert.match(reason.detail, new RegExp(`unreachable since ${new Date(downAt).toISOString()}`));
      assert.ok(reason.detail.includes(location().url));
      const failed = log.lines.filter((l) => l.event === 'pull' && l.fields.ok === false);
      assert.equal(failed.length, 3);
      assert.ok(failed.every((l) => l.fields.unreachable_since === new Date(downAt).toISOString()));
      await ssh.start();
      const back = await server.pull();
      assert.equal(back.ok, true, back.error ?? '');
      assert.equal(server.health().problems.some((p) => p.code === 'save_unreachable'), false);
      const everything = JSON.stringify(log.lines) + JSON.stringify(health);
      assert.ok(!everything.includes(password) && !everything.includes('PRIVATE KEY'));
    } finally {
      await server.close();
    }
  });

  it('a malformed or unsupported location is a configuration error at creation, naming server_dir', () => {
    for (const [given, message] of [
      ['sftp://127.0.0.1/srv', /names no user/],
      ['sftp://mc:hunter2@127.0.0.1/srv', /holds a password/],
      ['sftp://mc@127.0.0.1:99999/srv', /not a valid URL|outside 1-65535/],
      ['ftp://mc@127.0.0.1/srv', /ftp:\/\/ is not supported/],
    ] as const) {
      assert.throws(() => createReferenceServer({ server_dir: given, data_dir: join(work, 'data2') }), (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.issues[0]!.key, 'server_dir');
        assert.match(error.message, message);
        assert.ok(!error.message.includes('hunter2'));
        return true;
      });
    }
  });
});

// The statSync import keeps tree() honest about what it hashes (regular files only).
void statSync;
