// What `prepareShared` computes after a pull (issues 41, 42), step by step, at 10,000 players:
// `blockstats serve`'s reference server in this process on a copy of the bench's save (its
// "1 %" players rewritten between pulls, as bench/firstView.ts does), each pull's
// `shared_prepared` line (`steps_cpu_ms`: the process's CPU time in each step) and the pull's
// own `duration_ms` printed, with the CPU time of the pull and the prepare together
// (process.cpuUsage: every thread, the parse workers included), and the home and stats pages'
// first requests once the prepare is done (what they still compute and render), then their
// second: the process's CPU time and the main thread's alone (Linux schedstat; the process's
// includes the pull's writes still under way on other threads).
//
//   node --conditions=source --import tsx bench/sharedSteps.ts --work /tmp/sc-work [--players 10000] [--pulls 4]
//
// `--work` holds (or gets) save-<players>-<seed>; use a copy, not /work/bench-work, as the
// changed players are written into it (and restored at the end).

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createReferenceServer } from '../packages/server/src/reference/createReferenceServer.js';
import type { Logger } from '../packages/server/src/reference/logger.js';
import { prepareShared } from '../packages/server/src/router/prepareShared.js';
import { ensureSave } from './generate/generate-save.js';
import { writePlayers } from './pull.js';

const { values: args } = parseArgs({ options: { work: { type: 'string' }, players: { type: 'string' }, pulls: { type: 'string' } } });
if (!args.work) throw new Error('usage: sharedSteps.ts --work DIR [--players 10000] [--pulls 4]');
const players = Number(args.players ?? 10_000);
const pulls = Number(args.pulls ?? 4);
const save = await ensureSave(args.work, players, { log: console.log });
const dataDir = mkdtempSync(join(tmpdir(), 'blockstats-shared-steps-'));

/** The main thread's CPU time so far in ms (Linux schedstat: ns on the CPU), or NaN elsewhere. */
const mainCpu = (): number => {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
};

let prepared: (fields: Record<string, unknown>) => void = () => {};
const log: Logger = {
  log(level, event, fields = {}) {
    if (event === 'pull') console.log(`pull: ok ${String(fields.ok)}, ${String(fields.duration_ms)} ms, phases ${JSON.stringify(fields.phases_ms)}`);
    if (event === 'shared_prepared') prepared(fields);
    if (level === 'warn' || level === 'error') console.log(level, event, JSON.stringify(fields));
  },
};
const server = createReferenceServer({ server_dir: save.dir, data_dir: dataDir, skins: { enabled: false }, modrinth: { enabled: false } }, { log, manualPulls: true, renderPng: null });
try {
  await server.start();
  await server.historyReady?.();
  for (let round = 0; round <= pulls; round++) {
    if (round > 0) await writePlayers(save, round);
    const cpu = process.cpuUsage();
    const done = new Promise<Record<string, unknown>>((resolve) => {
      prepared = (fields) => {
        resolve(fields);
      };
    });
    void server.pull();
    const fields = await done;
    const used = process.cpuUsage(cpu);
    // The home page (crowns, events, activity, active players) and the stats page (217 boards'
    // leaders) right after, then again: CPU (the process's, the main thread's) and wall time.
    const page = async (path: string) => {
      const cpuBefore = process.cpuUsage();
      const mainBefore = mainCpu();
      const begin = performance.now();
      const response = await server.fetch(new Request(`http://stats.test${path}`, { headers: { accept: 'text/html' } }), { remoteAddress: '127.0.0.1' });
      await response.text();
      const cpuUsed = process.cpuUsage(cpuBefore);
      return `${((cpuUsed.user + cpuUsed.system) / 1000).toFixed(1)} ms CPU, main thread ${(mainCpu() - mainBefore).toFixed(1)} (${(performance.now() - begin).toFixed(1)} ms wall, ${response.status})`;
    };
    const [homeFirst, statsFirst, homeAgain, statsAgain] = [await page('/'), await page('/stats'), await page('/'), await page('/stats')];
    // The steps again, for a copy of the snapshot (what is kept per snapshot or per view of the
    // record computed anew; the day in progress's gains and each player's windows stay kept):
    // the least wall time of five, which leaves out most of the machine's load.
    const least: Record<string, number> = {};
    for (let k = 0; k < 5; k++) {
      const copy = { ...server.snapshot()! };
      const sources = { snapshot: () => copy, record: () => server.record(), statHistory: () => [server.statHistory()!], clock: Date.now };
      const times = await prepareShared(sources, () => new Promise((resolve) => setImmediate(resolve)));
      for (const [step, ms] of Object.entries(times)) least[step] = Math.min(least[step] ?? Infinity, Math.round(ms * 10) / 10);
    }
    console.log(`round ${round}${round === 0 ? ' (first pull: every file parsed)' : ''}: prepared ${String(fields.duration_ms)} ms, steps (CPU ms) ${JSON.stringify(fields.steps_cpu_ms)}, pull + prepare CPU ${((used.user + used.system) / 1000).toFixed(0)} ms; home page then ${homeFirst}, again ${homeAgain}; stats page then ${statsFirst}, again ${statsAgain}; steps for a copy of the snapshot, least of 5 (ms) ${JSON.stringify(least)}`);
  }
} finally {
  await server.close();
  await writePlayers(save, 0);
  rmSync(dataDir, { recursive: true, force: true });
}
