/**
 * Files just under the size limits never stall answers. Against the built `blockstats serve`
 * with its defaults, on a copy of the demo server whose first pull after a restart meets a
 * 16 MB stats file of 600,000 counters and a 16 MB `usercache.json` (~150,000 names): a client
 * polling `/v1/health` and a leaderboard throughout that pull never waits long for an answer.
 * The very first answer of the fresh process is left out of the bound: it compiles the router
 * (~0.9 s on a loaded machine, before and after the fix alike).
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt } from '../packages/cli/test/support.js';
import { REPO_ROOT } from './support/repo.js';
import { startServe, type ServeProcess } from './support/serveProcess.js';

/**
 * Longest wait allowed. The goal is 100 ms; the margin is for a loaded 2-core machine (load
 * average 15-18 while this was written), where a cold build's phases alone took up to ~600 ms.
 * The code before the fix waited 3.4 and 9.6 s in the same run (the 600,000 counters taken
 * over, built and written on the serving thread), so the bound still fails it.
 */
const MAX_WAIT_MS = 1_200;
const MiB = 1024 * 1024;

let work: string;
let server: string;
let data: string;
const running: ServeProcess[] = [];

/** A 1.21 stats file of `keys` made-up mined blocks, just under the 16 MiB limit. */
function hugeStatsFile(keys: number): string {
  const parts: string[] = [];
  for (let i = 0; i < keys; i++) parts.push(`"minecraft:b${String(i).padStart(6, '0')}":${100_000 + i}`);
  return `{"stats":{"minecraft:custom":{"minecraft:jump":5},"minecraft:mined":{${parts.join(',')}}},"DataVersion":4671}`;
}

/** The demo's usercache followed by made-up names until the file is ~`bytes` long. */
function hugeUsercache(own: string, bytes: number): string {
  const entries = JSON.parse(own) as unknown[];
  const parts = entries.map((entry) => JSON.stringify(entry));
  let length = parts.reduce((sum, part) => sum + part.length + 1, 2);
  for (let i = 0; length < bytes; i++) {
    const hex = i.toString(16).padStart(12, '0');
    const part = `{"uuid":"7e57ca5e-0000-4000-8000-${hex}","name":"Visitor${i}","expiresOn":"2026-12-16 10:34:57 +0100"}`;
    parts.push(part);
    length += part.length + 1;
  }
  return `[${parts.join(',')}]`;
}

before(() => {
  ensureBuilt();
  work = mkdtempSync(join(tmpdir(), 'blockstats-stall-'));
  server = join(work, 'server');
  data = join(work, 'data');
  cpSync(join(REPO_ROOT, 'examples', 'demo-server'), server, { recursive: true });
});
after(async () => {
  await Promise.all(running.map((serve) => serve.stop()));
  rmSync(work, { recursive: true, force: true });
});

async function serve(): Promise<ServeProcess> {
  // The defaults but the rate limit: the poller asks far more often than 240 times a minute.
  const process = await startServe(['--server', server, '--data', data, '--verbose', '--rate-limit', '0'], { command: 'built' });
  running.push(process);
  return process;
}

describe('blockstats serve with files just under the size limits', () => {
  it('answers within the bound while a pull parses a 16 MB stats file and a 16 MB usercache.json', async () => {
    // A first run writes snapshot.json, so the restart below answers at once from it.
    const first = await serve();
    await first.waitForLine((line) => line.event === 'pull', 120_000);
    await first.stop();

    const statsDir = join(server, 'world', 'stats');
    const victim = readdirSync(statsDir).find((name) => name.endsWith('.json'))!;
    const stats = hugeStatsFile(600_000);
    assert.ok(stats.length > 15 * MiB && stats.length < 16 * MiB, `stats file of ${stats.length} bytes`);
    writeFileSync(join(statsDir, victim), stats);
    const usercache = hugeUsercache(readFileSync(join(server, 'usercache.json'), 'utf8'), 15.7 * MiB);
    writeFileSync(join(server, 'usercache.json'), usercache);

    const second = await serve();
    const waits: Array<{ path: string; ms: number; status: number; at: number }> = [];
    const start = performance.now();
    let pulled = false;
    const pull = second.waitForLine((line) => line.event === 'pull', 120_000).then((line) => {
      pulled = true;
      return line;
    });
    // Sequential requests, as a monitor and a reader would make them.
    while (!pulled) {
      for (const path of ['/v1/health', '/v1/stats/jump?limit=10']) {
        const begin = performance.now();
        const response = await fetch(`${second.url}${path}`);
        await response.arrayBuffer();
        waits.push({ path, ms: Math.round(performance.now() - begin), status: response.status, at: Math.round(begin - start) });
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const line = await pull;
    assert.equal(line.ok ?? true, true);
    const worst = waits.slice(1).reduce((a, b) => (b.ms > a.ms ? b : a));
    assert.ok(waits.length > 10, `only ${waits.length} answers during the pull`);
    assert.ok(waits.every((w) => w.status === 200), JSON.stringify(waits.filter((w) => w.status !== 200).slice(0, 3)));
    assert.ok(worst.ms <= MAX_WAIT_MS, `${worst.path} waited ${worst.ms} ms (of ${waits.length} answers during the pull); slow: ${JSON.stringify(waits.filter((w) => w.ms > 100))}; pull: ${JSON.stringify(line)}`);
    // The stats file is refused with a warning naming it; the usercache's names are used.
    const warning = second.lines.find((l) => JSON.stringify(l).includes(`stats/${victim}`));
    assert.ok(warning, 'a warning names the refused stats file');
    // Memory stays bounded: the refused file's counters are never kept.
    assert.ok(Number(line.rss_mb) < 350, `rss ${String(line.rss_mb)} MB after the pull`);
    console.log(`# ${waits.length} answers during the pull, worst ${worst.ms} ms (${worst.path}), rss ${String(line.rss_mb)} MB`);
  });
});
