// The Worker example as its README runs it: a split snapshot built by the CLI, its shards and
// then its pointer uploaded into wrangler's local KV store, and served by `wrangler dev`
// (workerd) on a free port. (The single-key form is served in-process by split.test.ts.) Wrangler comes from the
// test matrix (test/support/matrix.ts): without it the file skips.
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt } from '../../packages/cli/test/support.js';
import { matrixBin, useMatrix } from '../../test/support/matrix.js';
import { REPO_ROOT } from '../../test/support/repo.js';
import { generateDemoServer } from '../demo/generate.js';

const exec = promisify(execFile);
const here = join(REPO_ROOT, 'examples', 'worker');
const wrangler = matrixBin('wrangler');
const skip = useMatrix();
const blockstats = join(REPO_ROOT, 'node_modules', '.bin', 'blockstats');

let dir: string;
let dev: ChildProcess | null = null;
let origin = '';
let env: NodeJS.ProcessEnv;

/** A port nobody listens on now (wrangler takes a number, not 0). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

before(async () => {
  if (skip) return;
  // The Worker imports the packages as a user's project does: their built dist/.
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'blockstats-worker-'));
  env = { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG_PATH: join(dir, 'logs'), NO_COLOR: '1', XDG_CONFIG_HOME: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'state') };
  generateDemoServer({ out: join(dir, 'server'), players: 20, seed: 'hearthvale', now: Date.UTC(2026, 10, 16, 12) });
  await exec(blockstats, ['snapshot', '--server', join(dir, 'server'), '--split', join(dir, 'split')], { cwd: here, env });
  const state = join(dir, 'wrangler-state');
  for (const file of ['shards-1.json', 'pointer.json']) {
    await exec(wrangler, ['kv', 'bulk', 'put', join(dir, 'split', file), '--binding', 'BLOCKSTATS', '--local', '--persist-to', state], { cwd: here, env });
  }
  const [port, inspector] = [await freePort(), await freePort()];
  dev = spawn(wrangler, ['dev', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspector), '--persist-to', state, '--var', 'SITE:true', '--show-interactive-dev-session=false'], { cwd: here, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/Ready on http/.test(output)) resolve(`http://127.0.0.1:${port}`);
    };
    dev!.stdout!.on('data', onData);
    dev!.stderr!.on('data', onData);
    dev!.once('exit', (code) => reject(new Error(`wrangler dev exited (${code}):\n${output}`)));
  });
});

after(async () => {
  if (dev?.pid && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev!.once('exit', resolve));
    process.kill(-dev.pid, 'SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('examples/worker under wrangler dev', { skip }, () => {
  it('serves the split snapshot the CLI built from KV', async () => {
    const res = await fetch(`${origin}/v1/players?limit=2`);
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.data.length, 2);
    assert.equal(body.meta.pagination.total, 20);
    assert.equal(body.meta.pagination.next, `${origin}/v1/players?limit=2&offset=2`);
    assert.equal(res.headers.get('ratelimit-limit'), '240');
  });

  it('serves the website beside the API (SITE = "true")', async () => {
    const players = (await (await fetch(`${origin}/v1/players?limit=1`)).json()).data;
    const res = await fetch(`${origin}/players/${players[0].uuid}`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.ok((await res.text()).includes(players[0].name));
  });

  it('answers from shards loaded as needed: a leaderboard, advancement holders, a profile', async () => {
    for (const path of ['/v1/stats/play_time?limit=5&offset=10', '/v1/advancements/minecraft:story/mine_stone/holders', '/v1/players?limit=1']) {
      const res = await fetch(`${origin}${path}`);
      assert.equal(res.status, 200, path);
    }
    const player = (await (await fetch(`${origin}/v1/players?limit=1&offset=19`)).json()).data[0];
    const profile = await (await fetch(`${origin}/v1/players/${player.uuid}/stats`)).json();
    assert.ok(profile.data.stats.length > 0);
  });

  it('renders embeds (fonts and widths without a file system)', async () => {
    const players = (await (await fetch(`${origin}/v1/players?limit=1`)).json()).data;
    const res = await fetch(`${origin}/v1/card/player/${encodeURIComponent(players[0].name)}.svg`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /image\/svg\+xml/);
    assert.match(await res.text(), /^<svg/);
  });

  it('answers errors as problems', async () => {
    const res = await fetch(`${origin}/v1/no-such-thing`);
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
  });
});
