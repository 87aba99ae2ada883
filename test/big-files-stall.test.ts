/**
 * Files just under the size limits never stall answers. Against the built `blockstats serve`
 * with its defaults, on a copy of the demo server whose first pull after a restart meets a
 * 16 MB stats file of 600,000 counters and a 16 MB `usercache.json` (~150,000 names): a client
 * polling `/v1/health` and a leaderboard every ~10 ms throughout that pull never waits over
 * 100 ms for an answer (beyond what a bare server in the same rounds waited: see MAX_WAIT_MS).
 * The first answer of each path is left out of the bound: it compiles that path's code in the
 * fresh process (~0.5 s on a loaded machine, with or without a pull).
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt } from '../packages/cli/test/support.js';
import { REPO_ROOT } from './support/repo.js';
import { startServe, type ServeProcess } from './support/serveProcess.js';
import { startBareServer } from './support/bareServer.js';

/**
 * Longest wait allowed for an answer (issue 40), beyond what the machine itself adds. The goal
 * is 100 ms: the build runs in slices of ~8 ms between which requests are answered
 * (buildSnapshotInSteps), the big files are parsed on worker threads of lower priority
 * (lowerThreadPriority), and a profile of the serving thread during this pull shows no task
 * over 30 ms after its start. What the server cannot control is the machine: on the shared
 * 2-core machine this was written on (load average 13-16), a bare `node:http` server probed in
 * the same rounds (the control) waited up to 125-326 ms now and then, as the scheduler ran other
 * processes, and the same spikes hit the server's thread. So the bound is 100 ms plus twice the
 * control's worst wait of the same run (a few ms on a quiet machine; twice, as the server's
 * process also runs the pull's parse threads, which the control's does not). The code before
 * the slices waited 234 ms in a run at load average 7, its profile showing build phases of
 * 61-148 ms run whole on the serving thread. Later, the holders of the advancement table (put in
 * order in one step: 161 ms in a cold run at load 10) were cut into steps too (fillHoldersSteps);
 * then no function of the server ran over ~16 ms at a time in a profile at load 15, yet at load
 * 15-17 the worst waits were 193-464 ms against the control's 126-395 ms: a flat 100 ms cannot
 * be shown on such a machine, so the bound stays relative. On the same machine when quiet (load
 * average 0.8-1.7, 2026-11-29, six runs at 7857c68) the worst waits were 35-57 ms (the control's
 * 10-28 ms), 314-442 answers during each pull: the flat 100 ms holds. STALL_PROF=<dir> writes the
 * server's CPU profile there, to find a stall.
 */
const MAX_WAIT_MS = Number(process.env.STALL_MAX ?? 100);
/** Milliseconds between the starts of two probe rounds. */
const PROBE_EVERY_MS = 10;
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

/** One answer waited for: the path, milliseconds, status, and when it was asked (ms after the start). */
interface Wait {
  path: string;
  ms: number;
  status: number;
  at: number;
}

/** Asks `url + path` and waits for the whole answer. */
async function probe(url: string, path: string, start: number): Promise<Wait> {
  const begin = performance.now();
  const response = await fetch(`${url}${path}`);
  await response.arrayBuffer();
  return { path, ms: Math.round(performance.now() - begin), status: response.status, at: Math.round(begin - start) };
}

async function serve(nodeFlags: string[] = []): Promise<ServeProcess> {
  // The defaults but the rate limit: the poller asks far more often than 240 times a minute.
  const process = await startServe(['--server', server, '--data', data, '--verbose', '--rate-limit', '0'], { command: 'built', nodeFlags });
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

    const second = await serve(process.env.STALL_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.STALL_PROF}`] : []);
    const control = await startBareServer();
    const waits: Wait[] = [];
    const controlWaits: Wait[] = [];
    const start = performance.now();
    let pulled = false;
    const pull = second.waitForLine((line) => line.event === 'pull', 120_000).then((line) => {
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
    const line = await pull;
    assert.equal(line.ok ?? true, true);
    // The first answer of each path compiles its code in the fresh process (~0.5 s on a loaded
    // machine, with or without a pull): it is left out of the bound.
    const measured = waits.filter((w, i) => waits.findIndex((x) => x.path === w.path) !== i);
    const worst = measured.reduce((a, b) => (b.ms > a.ms ? b : a));
    const machine = Math.max(...controlWaits.map((w) => w.ms));
    assert.ok(waits.length > 10, `only ${waits.length} answers during the pull`);
    assert.ok(waits.every((w) => w.status === 200), JSON.stringify(waits.filter((w) => w.status !== 200).slice(0, 3)));
    assert.ok(
      worst.ms <= MAX_WAIT_MS + 2 * machine,
      `${worst.path} waited ${worst.ms} ms (of ${waits.length} answers during the pull; the control's worst ${machine} ms); slow: ${JSON.stringify(measured.filter((w) => w.ms > MAX_WAIT_MS))}; control slow: ${JSON.stringify(controlWaits.filter((w) => w.ms > 20))}; pull: ${JSON.stringify(line)}`,
    );
    // The stats file is refused with a warning naming it; the usercache's names are used.
    const warning = second.lines.find((l) => JSON.stringify(l).includes(`stats/${victim}`));
    assert.ok(warning, 'a warning names the refused stats file');
    // Memory stays bounded: the refused file's counters are never kept.
    assert.ok(Number(line.rss_mb) < 350, `rss ${String(line.rss_mb)} MB after the pull`);
    console.log(`# ${waits.length} answers during the pull, worst ${worst.ms} ms (${worst.path}), the control's worst ${machine} ms, rss ${String(line.rss_mb)} MB`);
  });
});
