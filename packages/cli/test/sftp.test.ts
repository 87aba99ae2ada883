// The CLI on a rented server's save over SFTP, against a real sshd (see the server package's
// test/sshServer.ts): the CLI README's rented-server configuration, as written there, drives
// `record` and `top jump`; `--server sftp://…` with the BLOCKSTATS_SFTP_* variables answers as
// the local save does; a malformed URL exits 2 and a server that is down exits 1, naming it.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sshForTests, type SshServer } from '../../server/test/sshServer.js';
import { run } from '../src/run.js';
import { generateDemo, memoryIo, ROOT } from './support.js';

const started = await sshForTests();
const ssh = started.ssh as SshServer;
const work = mkdtempSync(join(tmpdir(), 'blockstats-cli-sftp-'));
const remote = join(work, 'remote');

/** The CLI README's rented-server configuration, pointed at the test's sshd. */
function readmeConfig(): string {
  const readme = readFileSync(join(ROOT, 'packages', 'cli', 'README.md'), 'utf8');
  const block = /<!-- rented-server-example -->\n```json\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(block, 'the README has the rented-server example');
  const config = JSON.parse(block) as { server_dir: string; data_dir: string; sftp: Record<string, string> };
  assert.match(config.server_dir, /^sftp:\/\//);
  const text = block
    .replace(config.server_dir, `sftp://${ssh.user}@127.0.0.1:${ssh.port}${remote}`)
    .replace(config.data_dir, join(work, 'data'))
    .replace(config.sftp.private_key!, ssh.clientKey)
    .replace(config.sftp.host_key_sha256!, ssh.fingerprint());
  const file = join(work, 'blockstats.json');
  writeFileSync(file, text);
  return file;
}

describe('the CLI on an SFTP save', { skip: started.skip }, () => {
  before(() => {
    generateDemo(remote, 30);
  });
  after(async () => {
    await ssh?.close();
    rmSync(work, { recursive: true, force: true });
  });
  const env = () => ({ XDG_STATE_HOME: join(work, 'state'), XDG_CACHE_HOME: join(work, 'cache'), HOME: work });

  it('the README\'s rented-server configuration records a pull and answers a leaderboard like the local save', async () => {
    const config = readmeConfig();
    const record = memoryIo({ cwd: work, env: env() });
    assert.equal(await run(['record', '--config', config, '--json'], record.io), 0, record.stderr());
    const recorded = JSON.parse(record.stdout()) as { players: number; data_dir: string };
    assert.equal(recorded.players, 30);
    assert.ok(existsSync(join(work, 'data', 'sftp-mirror', 'save', 'usercache.json')));
    const remoteTop = memoryIo({ cwd: work, env: env() });
    assert.equal(await run(['top', 'jump', '--config', config, '--json'], remoteTop.io), 0, remoteTop.stderr());
    const localTop = memoryIo({ cwd: work, env: env() });
    assert.equal(await run(['top', 'jump', '--server', remote, '--json'], localTop.io), 0, localTop.stderr());
    const remoteRows = JSON.parse(remoteTop.stdout()) as unknown[];
    assert.ok(remoteRows.length > 0);
    assert.deepEqual(remoteRows, JSON.parse(localTop.stdout()));
    assert.ok(existsSync(join(work, 'cache', 'blockstats')), 'queries mirror into the cache, not the data directory');
  });

  it('--server sftp://… with the BLOCKSTATS_SFTP_* variables, and the errors a person sees', async () => {
    const url = `sftp://${ssh.user}@127.0.0.1:${ssh.port}${remote}`;
    const sftpEnv = { ...env(), BLOCKSTATS_SFTP_KEY: ssh.clientKey, BLOCKSTATS_SFTP_HOST_KEY: ssh.fingerprint() };
    const players = memoryIo({ cwd: work, env: sftpEnv });
    assert.equal(await run(['players', '--server', url, '--json'], players.io), 0, players.stderr());
    const local = memoryIo({ cwd: work, env: env() });
    assert.equal(await run(['players', '--server', remote, '--json'], local.io), 0);
    assert.deepEqual(JSON.parse(players.stdout()), JSON.parse(local.stdout()));

    const malformed = memoryIo({ cwd: work, env: sftpEnv });
    assert.equal(await run(['players', '--server', 'sftp://127.0.0.1/srv'], malformed.io), 2);
    assert.match(malformed.stderr(), /server_dir: "sftp:\/\/127\.0\.0\.1\/srv" names no user/);

    const noPin = memoryIo({ cwd: work, env: { ...env(), BLOCKSTATS_SFTP_KEY: ssh.clientKey } });
    assert.equal(await run(['players', '--server', url], noPin.io), 2);
    assert.match(noPin.stderr(), /no way to check the server's host key/);

    await ssh.stop();
    try {
      const down = memoryIo({ cwd: work, env: sftpEnv });
      assert.equal(await run(['players', '--server', url], down.io), 1);
      assert.match(down.stderr(), new RegExp(`${url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: connection refused`));
    } finally {
      await ssh.start();
    }
  });
});

void cpSync;
