// The built `blockstats serve` on a rented server's save over SFTP, against a real sshd (see the
// server package's test/sshServer.ts), as a host runs it: the first pull mirrors the save (its
// `sync` line in serve's log) and answers as the local save does; a rewritten stats file travels
// at the next pull and shows in the player's stats.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sshForTests, type SshServer } from '../packages/server/test/sshServer.js';
import { getJson } from './support/getJson.js';
import { generateServer, startServe, type ServeProcess } from './support/serveProcess.js';
import { until } from './support/until.js';

const started = await sshForTests();
const ssh = started.ssh as SshServer;

describe('blockstats serve (built) on an SFTP save', { skip: started.skip }, () => {
  let work: string;
  let remote: string;
  let served: ServeProcess | null = null;
  let local: ServeProcess | null = null;

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-e2e-sftp-'));
    remote = join(work, 'remote');
    generateServer(remote, 30);
  });
  after(async () => {
    await served?.stop();
    await local?.stop();
    await ssh?.close();
    await rm(work, { recursive: true, force: true });
  });

  test('mirrors the save, answers as the local save, and follows a rewritten file', async () => {
    const config = join(work, 'blockstats.json');
    const quiet = { skins: { enabled: false }, modrinth: { enabled: false }, schedule: { refresh: '1s' } };
    writeFileSync(config, JSON.stringify({
      ...quiet,
      server_dir: `sftp://${ssh.user}@127.0.0.1:${ssh.port}${remote}`,
      data_dir: join(work, 'data'),
      sftp: { private_key: ssh.clientKey, host_key_sha256: ssh.fingerprint() },
    }));
    const localConfig = join(work, 'local.json');
    writeFileSync(localConfig, JSON.stringify({ ...quiet, schedule: { refresh: '1h' } }));
    served = await startServe(['--config', config], { command: 'built' });
    local = await startServe(['--config', localConfig, '--server', remote, '--data', join(work, 'local-data')], { command: 'built' });

    const sync = await served.waitForLine((l) => l.event === 'sync' && Number(l.copied) > 0);
    assert.equal(sync.save, `sftp://${ssh.user}@127.0.0.1:${ssh.port}${remote}`);
    await served.waitForLine((l) => l.event === 'pull' && l.ok === true);
    await local.waitForLine((l) => l.event === 'pull' && l.ok === true);
    const [mirrored, direct] = await Promise.all([getJson(`${served.url}/v1/stats/jump?limit=100`), getJson(`${local.url}/v1/stats/jump?limit=100`)]);
    assert.equal(mirrored.status, 200);
    assert.ok(mirrored.body.data.length > 0);
    assert.deepEqual(mirrored.body.data, direct.body.data);

    // A player's stats rewritten on the remote server: copied at a next pull, and served.
    const file = readdirSync(join(remote, 'world', 'stats')).sort()[0]!;
    const uuid = file.replace(/\.json$/, '');
    const path = join(remote, 'world', 'stats', file);
    const stats = JSON.parse(readFileSync(path, 'utf8')) as { stats: Record<string, Record<string, number>> };
    stats.stats['minecraft:custom'] = { ...stats.stats['minecraft:custom'], 'minecraft:jump': 987_654 };
    writeFileSync(path, JSON.stringify(stats));
    const later = Date.now() / 1000 + 60;
    utimesSync(path, later, later);
    await until(() => getJson(`${served!.url}/v1/players/${uuid}/stats?ids=jump`), ({ status, body }) => status === 200 && body.data.stats[0]?.value === 987_654);
    assert.ok(served.lines.some((l) => l.event === 'sync' && l.copied === 1), 'the next sync copied the one file');
    assert.equal(await served.stop(), 0);
    served = null;
  });
});
