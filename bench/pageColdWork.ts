// A page's cold work after a pull at 10,000 players, repeatably: `blockstats serve`'s reference
// server pulls the bench's save once, then for each round a router serves a fresh copy of that
// snapshot (what is kept per snapshot is computed anew), `prepareShared` runs for it as after a
// pull, and each page is asked once: the main thread's CPU time of that first request (Linux
// schedstat), the least and the median of the rounds. `--profile DIR` writes a CPU profile of
// every page's first requests (all rounds in one profile per page).
//
//   node --conditions=source --import tsx bench/pageColdWork.ts --work /tmp/sc-work [--paths /,/stats] [--rounds 15] [--profile DIR]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Snapshot } from '@blockstats/core';
import { createReferenceServer } from '../packages/server/src/reference/createReferenceServer.js';
import { createRouter } from '../packages/server/src/router/createRouter.js';
import { prepareShared } from '../packages/server/src/router/prepareShared.js';
import { ensureSave } from './generate/generate-save.js';

const { values: args } = parseArgs({ options: { work: { type: 'string' }, paths: { type: 'string' }, rounds: { type: 'string' }, profile: { type: 'string' } } });
if (!args.work) throw new Error('usage: pageColdWork.ts --work DIR [--paths /,/stats] [--rounds 15] [--profile DIR]');
const paths = (args.paths ?? '/,/stats').split(',');
const rounds = Number(args.rounds ?? 15);
const save = await ensureSave(args.work, 10_000, {});
const dataDir = mkdtempSync(join(tmpdir(), 'blockstats-cold-'));
/** The main thread's CPU time in ms (schedstat: ns on the CPU), the workers left out. */
const mainCpu = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
const server = createReferenceServer({ server_dir: save.dir, data_dir: dataDir, skins: { enabled: false }, modrinth: { enabled: false } }, { log: { log() {} }, manualPulls: true, renderPng: null });
const session = args.profile ? new Session() : null;
try {
  await server.start();
  await server.historyReady?.();
  await server.pull();
  let current: Snapshot = server.snapshot()!;
  const sources = { snapshot: () => current, record: () => server.record(), statHistory: () => [server.statHistory()!], clock: Date.now };
  const router = createRouter({ ...sources, site: true });
  const times = new Map<string, number[]>(paths.map((p) => [p, []]));
  const bytes = new Map<string, number>();
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
  }
  const profiles = new Map<string, unknown[]>();
  for (let round = 0; round < rounds; round++) {
    current = { ...server.snapshot()!, generation: `${server.snapshot()!.generation}-${round}` };
    await prepareShared(sources, () => new Promise((resolve) => setImmediate(resolve)));
    for (const path of paths) {
      if (session) await session.post('Profiler.start');
      const begin = mainCpu();
      const response = await router.fetch(new Request(`http://stats.test${path}`, { headers: { accept: 'text/html' } }));
      const body = await response.arrayBuffer();
      times.get(path)!.push(mainCpu() - begin);
      bytes.set(path, body.byteLength);
      if (session) profiles.set(path, [...(profiles.get(path) ?? []), (await session.post('Profiler.stop')).profile]);
    }
  }
  for (const [path, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(`${path} (${bytes.get(path)} bytes): first request main-thread CPU least ${sorted[0]!.toFixed(1)} ms, median ${sorted[sorted.length >> 1]!.toFixed(1)} ms over ${rounds} rounds`);
  }
  if (args.profile) {
    mkdirSync(args.profile, { recursive: true });
    for (const [path, list] of profiles) writeFileSync(join(args.profile, `${path.replace(/[^a-z0-9]/gi, '_')}.json`), JSON.stringify(list));
  }
} finally {
  session?.disconnect();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  // The last-good store's write of the pull may still be under way after close: remove what it leaves.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  rmSync(dataDir, { recursive: true, force: true });
}
