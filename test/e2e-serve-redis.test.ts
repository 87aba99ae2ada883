// End to end: two `blockstats serve` behind one (pretend) proxy share each client's rate limit
// through a real redis-server (`rate_limit.store`), and keep serving when Redis goes away.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, test } from 'node:test';
import { redisForTests } from '../packages/server/test/redisServer.js';
import { REPO_ROOT } from './support/repo.js';

interface Served {
  child: ChildProcess;
  url: string;
  events: string[];
  exited: Promise<number | null>;
  /** Resolves once a log line with this event was written. */
  waitFor(event: string): Promise<void>;
}

async function startServe(args: string[]): Promise<Served> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', join(REPO_ROOT, 'packages/cli/src/bin.ts'), 'serve', '--host', '127.0.0.1', '--port', '0', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  const events: string[] = [];
  const lines: Array<Record<string, unknown>> = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  createInterface({ input: child.stdout! }).on('line', (text) => {
    const line = JSON.parse(text) as Record<string, unknown>;
    lines.push(line);
    events.push(String(line.event));
    for (const wake of waiters) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => {
    for (const wake of waiters) wake();
    resolve(code);
  }));
  const waitFor = (event: string) => new Promise<void>((resolve, reject) => {
    const check = () => {
      if (events.includes(event)) {
        waiters.delete(check);
        resolve();
      } else if (child.exitCode !== null) {
        waiters.delete(check);
        reject(new Error(`serve exited (${child.exitCode}) before logging ${event}: ${stderr}`));
      }
    };
    waiters.add(check);
    check();
  });
  await waitFor('listening');
  const url = lines.find((line) => line.event === 'listening')!.url as string;
  return { child, url, events, exited, waitFor };
}

/** A GET as the proxy sends it for `client`. */
async function get(served: Served, path: string, client: string) {
  const response = await fetch(served.url + path, { headers: { 'x-forwarded-for': client } });
  await response.arrayBuffer();
  return { status: response.status, remaining: response.headers.get('ratelimit-remaining') };
}

const { redis: started, skip } = await redisForTests();

describe('blockstats serve × 2 with rate_limit.store in Redis', { skip }, () => {
  const redis = started!;
  let work: string;
  const servers: Served[] = [];

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-e2e-redis-'));
    const server = join(work, 'server');
    const generated = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'examples/generate-demo-server.ts'), '--out', server, '--players', '20'], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.equal(generated.status, 0, generated.stderr);
    const config = join(work, 'blockstats.json');
    await writeFile(config, JSON.stringify({
      skins: { enabled: false },
      modrinth: { enabled: false },
      trusted_proxies: ['127.0.0.1'],
      rate_limit: { requests: 3, window: '60s', store: redis.url },
    }));
    for (const name of ['a', 'b']) servers.push(await startServe(['--server', server, '--data', join(work, `data-${name}`), '--config', config]));
  });

  after(async () => {
    for (const served of servers) if (served.child.exitCode === null) served.child.kill('SIGKILL');
    await redis.stop();
    await rm(work, { recursive: true, force: true });
  });

  test('both instances count each client against one limit', async () => {
    const [a, b] = servers as [Served, Served];
    assert.deepEqual(await get(a, '/v1/stats/jump', '198.51.100.1'), { status: 200, remaining: '2' });
    assert.deepEqual(await get(b, '/v1/stats/jump', '198.51.100.1'), { status: 200, remaining: '1' });
    assert.deepEqual(await get(b, '/v1/players', '198.51.100.1'), { status: 200, remaining: '0' });
    assert.equal((await get(a, '/v1/players', '198.51.100.1')).status, 429);
    assert.deepEqual(await get(a, '/v1/players', '198.51.100.2'), { status: 200, remaining: '2' }, 'another client has its own');
  });

  test('Redis going away does not stop the API: served without the limit, said once', async () => {
    await redis.stop();
    const [a, b] = servers as [Served, Served];
    for (let i = 0; i < 5; i++) {
      for (const served of [a, b]) {
        const answer = await get(served, '/v1/stats/jump', '198.51.100.1');
        assert.equal(answer.status, 200);
      }
    }
    await Promise.all([a.waitFor('rate_limit_store_down'), b.waitFor('rate_limit_store_down')]);
    for (const served of [a, b]) {
      assert.equal(served.events.filter((e) => e === 'rate_limit_store_down').length, 1);
      assert.equal(served.events.filter((e) => e === 'internal_error').length, 0);
    }
  });

  test('stops cleanly on SIGTERM', async () => {
    for (const served of servers) served.child.kill('SIGTERM');
    assert.deepEqual(await Promise.all(servers.map((s) => s.exited)), [0, 0]);
  });
});
