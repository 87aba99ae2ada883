// The big files' pull, as `test/big-files-stall.test.ts` checks it and `bench/bigFilesStall.ts`
// times it: the built `blockstats serve` with its defaults (but the rate limit) on a copy of the
// demo server, whose first pull after a restart meets a 16 MB stats file of 600,000 counters and
// a 16 MB `usercache.json` (~150,000 names), probed every ~10 ms throughout that pull beside a
// bare `node:http` server (the control: what the machine itself adds to any wait).
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBareServer } from './bareServer.js';
import { REPO_ROOT } from './repo.js';
import { startServe, type LogLine, type ServeProcess } from './serveProcess.js';

/** Milliseconds between the starts of two probe rounds. */
const PROBE_EVERY_MS = 10;
const MiB = 1024 * 1024;

/** One answer waited for: the path, milliseconds, status, and when it was asked (ms after the start). */
export interface Wait {
  path: string;
  ms: number;
  status: number;
  at: number;
}

/** What one big files' pull gave. */
export interface BigFilesPull {
  /** The server's answers during the pull, in order. */
  waits: Wait[];
  /** The same without each path's first answer, which compiles that path's code in the fresh process. */
  measured: Wait[];
  /** The control's answers, one after each of the server's. */
  controlWaits: Wait[];
  /** The pull's log line. */
  pull: LogLine;
  /** The server's other log lines. */
  lines: LogLine[];
  /** The stats file made huge (its name in `world/stats`). */
  victim: string;
}

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

/** Asks `url + path` and waits for the whole answer. */
async function probe(url: string, path: string, start: number): Promise<Wait> {
  const begin = performance.now();
  const response = await fetch(`${url}${path}`);
  await response.arrayBuffer();
  return { path, ms: Math.round(performance.now() - begin), status: response.status, at: Math.round(begin - start) };
}

/**
 * Runs the scenario once in a fresh copy of the demo server (the built packages must be there:
 * `ensureBuilt`). `nodeFlags` go to the second `serve`, the one probed (a CPU profile, say).
 */
export async function bigFilesPull(nodeFlags: readonly string[] = []): Promise<BigFilesPull> {
  const work = mkdtempSync(join(tmpdir(), 'blockstats-stall-'));
  const server = join(work, 'server');
  const data = join(work, 'data');
  cpSync(join(REPO_ROOT, 'examples', 'demo-server'), server, { recursive: true });
  const running: ServeProcess[] = [];
  // The defaults but the rate limit: the poller asks far more often than 240 times a minute.
  const serve = async (flags: readonly string[]): Promise<ServeProcess> => {
    const started = await startServe(['--server', server, '--data', data, '--verbose', '--rate-limit', '0'], { command: 'built', nodeFlags: flags });
    running.push(started);
    return started;
  };
  try {
    // A first run writes snapshot.json, so the restart below answers at once from it.
    const first = await serve([]);
    await first.waitForLine((line) => line.event === 'pull', 120_000);
    await first.stop();

    const statsDir = join(server, 'world', 'stats');
    const victim = readdirSync(statsDir).find((name) => name.endsWith('.json'))!;
    const stats = hugeStatsFile(600_000);
    assert.ok(stats.length > 15 * MiB && stats.length < 16 * MiB, `stats file of ${stats.length} bytes`);
    writeFileSync(join(statsDir, victim), stats);
    writeFileSync(join(server, 'usercache.json'), hugeUsercache(readFileSync(join(server, 'usercache.json'), 'utf8'), 15.7 * MiB));

    const second = await serve(nodeFlags);
    const control = await startBareServer();
    const waits: Wait[] = [];
    const controlWaits: Wait[] = [];
    const start = performance.now();
    let pulled = false;
    const pulling = second.waitForLine((line) => line.event === 'pull', 120_000).then((line) => {
      pulled = true;
      return line;
    });
    try {
      // Rounds every ~10 ms of sequential requests, as a monitor and a reader would make them,
      // each followed by one to the control.
      while (!pulled) {
        const round = performance.now();
        for (const path of ['/v1/health', '/v1/stats/jump?limit=10']) {
          waits.push(await probe(second.url, path, start));
          controlWaits.push(await probe(control.url, '/', start));
        }
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, PROBE_EVERY_MS - (performance.now() - round))));
      }
    } finally {
      await control.stop();
    }
    const pull = await pulling;
    const measured = waits.filter((w, i) => waits.findIndex((x) => x.path === w.path) !== i);
    return { waits, measured, controlWaits, pull, lines: second.lines, victim };
  } finally {
    await Promise.all(running.map((process) => process.stop()));
    rmSync(work, { recursive: true, force: true });
  }
}

/** The longest of `waits` (the first of equals). */
export function longest(waits: readonly Wait[]): Wait {
  return waits.reduce((a, b) => (b.ms > a.ms ? b : a));
}
