// A network with one server over SFTP (a rented server's save, against a real sshd: see the
// server package's test/sshServer.ts) beside local ones: `record` with `--server id=sftp://…`
// records every server into its own record, and a query answers as for the all-local network.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sshForTests, type SshServer } from '../../server/test/sshServer.js';
import { NETWORK_DEFAULTS } from '../../../examples/generate-demo-network.js';
import { generateDemoNetwork } from '../../../examples/network/generate.js';
import { run } from '../src/run.js';
import { memoryIo } from './support.js';

const started = await sshForTests();
const ssh = started.ssh as SshServer;
const work = mkdtempSync(join(tmpdir(), 'blockstats-cli-sftp-network-'));
const network = join(work, 'network');

describe('a network with a server over SFTP', { skip: started.skip }, () => {
  before(() => {
    generateDemoNetwork({ out: network, seed: NETWORK_DEFAULTS.seed, people: 20, now: Date.parse(NETWORK_DEFAULTS.now) });
  });
  after(async () => {
    await ssh?.close();
    rmSync(work, { recursive: true, force: true });
  });
  const env = () => ({ XDG_STATE_HOME: join(work, 'state'), XDG_CACHE_HOME: join(work, 'cache'), HOME: work, BLOCKSTATS_SFTP_KEY: ssh.clientKey, BLOCKSTATS_SFTP_HOST_KEY: ssh.fingerprint() });
  const local = ['--server', `survival=${join(network, 'survival')}`, '--server', `creative=${join(network, 'creative')}`];
  const remote = [...local, '--server', `skyblock=sftp://${ssh.user}@127.0.0.1:${ssh.port}${join(network, 'skyblock')}`];

  it('record pulls the SFTP server into its own mirror and record; a query answers as the local network', async () => {
    const record = memoryIo({ cwd: work, env: env() });
    assert.equal(await run(['record', ...remote, '--data', join(work, 'data'), '--json'], record.io), 0, record.stderr());
    assert.deepEqual((JSON.parse(record.stdout()) as { servers: string[] }).servers, ['survival', 'creative', 'skyblock']);
    assert.ok(existsSync(join(work, 'data', 'servers', 'skyblock', 'sftp-mirror', 'save', 'usercache.json')), 'mirrored under the server\'s own data directory');
    for (const id of ['survival', 'creative', 'skyblock']) assert.ok(existsSync(join(work, 'data', 'servers', id, 'record')));
    const remoteTop = memoryIo({ cwd: work, env: env() });
    assert.equal(await run(['top', 'jump', ...remote, '--json'], remoteTop.io), 0, remoteTop.stderr());
    const localTop = memoryIo({ cwd: work, env: env() });
    assert.equal(await run(['top', 'jump', ...local, '--server', `skyblock=${join(network, 'skyblock')}`, '--json'], localTop.io), 0, localTop.stderr());
    assert.ok((JSON.parse(remoteTop.stdout()) as unknown[]).length > 0);
    assert.deepEqual(JSON.parse(remoteTop.stdout()), JSON.parse(localTop.stdout()));
  });

  it('a malformed sftp:// server is a configuration error naming it (exit 2)', async () => {
    const bad = memoryIo({ cwd: work, env: env() });
    assert.equal(await run(['record', ...local, '--server', 'skyblock=sftp://127.0.0.1:notaport/x', '--data', join(work, 'data-bad')], bad.io), 2);
    assert.match(bad.stderr(), /skyblock=…/);
    assert.ok(!existsSync(join(work, 'data-bad', 'servers')));
  });
});
