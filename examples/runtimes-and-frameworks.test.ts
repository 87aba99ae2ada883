// The Bun, Deno, Next.js and SvelteKit examples, run as their headers say. Bun and Deno run the
// example files themselves (against the built packages, as a user's project would); the Next.js
// and SvelteKit route modules are called with each framework's own request object (NextRequest;
// SvelteKit's RequestEvent with its getClientAddress) rather than through a production build.
// All of them come from the test matrix (test/support/matrix.ts): without it the file skips.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RequestEvent } from '@sveltejs/kit';
import { buildSnapshot } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { ensureBuilt } from '../packages/cli/test/support.js';
import { matrixBin, useMatrix } from '../test/support/matrix.js';
import { REPO_ROOT } from '../test/support/repo.js';
import { generateDemoServer } from './demo/generate.js';

const skip = useMatrix();
let dir: string;
const children: ChildProcess[] = [];

before(async () => {
  if (skip) return;
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'blockstats-runtimes-'));
  generateDemoServer({ out: join(dir, 'server'), players: 20, seed: 'hearthvale', now: Date.UTC(2026, 10, 16, 12) });
  writeFileSync(join(dir, 'snapshot.json'), JSON.stringify(buildSnapshot(await readSave(join(dir, 'server')), { now: Date.UTC(2026, 10, 16, 12) })));
  process.env.BLOCKSTATS_SNAPSHOT = join(dir, 'snapshot.json');
});
after(async () => {
  for (const child of children) {
    if (child.exitCode !== null || !child.pid) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Starts an example that prints `listening on URL`; resolves to that URL. */
function listening(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.push(child);
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}):\n${output}`)));
  });
}

for (const [name, start] of [
  ['examples/bun.ts under Bun', () => listening(matrixBin('bun'), ['examples/bun.ts', join(dir, 'server'), '0'])],
  ['examples/deno.ts under Deno', () => listening(matrixBin('deno'), ['run', '--quiet', '--allow-net', '--allow-read', '--allow-env', '--allow-sys', 'examples/deno.ts', join(dir, 'server'), '0'])],
] as const) {
  describe(name, { skip }, () => {
    it('serves the API read from the save, each client in its own bucket', async () => {
      const url = await start();
      const res = await fetch(`${url}/players?limit=2`);
      assert.equal(res.status, 200);
      assert.equal((await res.json()).meta.pagination.total, 20);
      assert.equal(res.headers.get('ratelimit-remaining'), '239');
    });
  });
}

describe('examples/nextjs/app/stats/[...path]/route.ts', { skip }, () => {
  it('answers NextRequests under /stats, one bucket per x-real-ip', async () => {
    const { NextRequest } = await import('next/server.js');
    const { GET, POST } = await import('./nextjs/app/stats/[...path]/route.js');
    const res = await GET(new NextRequest('http://localhost:3000/stats/v1/players?limit=2', { headers: { 'x-real-ip': '203.0.113.7' } }));
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.meta.pagination.next, 'http://localhost:3000/stats/v1/players?limit=2&offset=2');
    assert.equal(res.headers.get('ratelimit-remaining'), '239');
    const other = await GET(new NextRequest('http://localhost:3000/stats/v1', { headers: { 'x-real-ip': '203.0.113.8' } }));
    assert.equal(other.headers.get('ratelimit-remaining'), '239');
    assert.equal((await POST(new NextRequest('http://localhost:3000/stats/v1', { method: 'POST' }))).status, 405);
  });
});

describe('examples/sveltekit/src/routes/stats/[...path]/+server.ts', { skip }, () => {
  it('answers RequestEvents under /stats with the address getClientAddress gives', async () => {
    const { GET, fallback } = await import('./sveltekit/src/routes/stats/[...path]/+server.js');
    const event = (url: string, address: string, init?: RequestInit) => ({ request: new Request(url, init), getClientAddress: () => address }) as unknown as RequestEvent;
    const res = await GET(event('http://localhost:5173/stats/v1/stats/jump?limit=1', '203.0.113.9'));
    assert.equal(res.status, 200);
    assert.equal((await res.json()).data.length, 1);
    assert.equal(res.headers.get('ratelimit-remaining'), '239');
    const other = await GET(event('http://localhost:5173/stats/v1', '203.0.113.10'));
    assert.equal(other.headers.get('ratelimit-remaining'), '239');
    assert.equal((await fallback(event('http://localhost:5173/stats/v1', '203.0.113.9', { method: 'DELETE' }))).status, 405);
  });
});
