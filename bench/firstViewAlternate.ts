// The first view after a pull (bench/firstView.ts) of two builds, alternating run by run in one
// command: wall times on a shared machine move with its load, so a change is judged only against
// the build before it measured beside it. Each run is a fresh `blockstats serve` (first pull,
// then `--pulls` 1 %-changed pulls, each followed by one visitor asking every page once); the
// medians over every pull of every run are printed per build: wall time, and the server's main
// thread's and other threads' CPU during each first request (loadavg beside them).
//
//   node --conditions=source --import tsx bench/firstViewAlternate.ts --work /work/bench-work \
//     --before /tmp/before/packages/cli/bin/blockstats.js [--runs 2] [--pulls 3] [--players 10000]
//
// `--before` is the CLI entry of another checkout's build (its own node_modules and dist); the
// other build is this repository's (run `npm run build:js` first).
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { firstViewBench, type ViewTimes } from './firstView.js';
import { ensureSave } from './generate/generate-save.js';

const { values: args } = parseArgs({ options: { work: { type: 'string' }, before: { type: 'string' }, runs: { type: 'string' }, pulls: { type: 'string' }, players: { type: 'string' } } });
if (!args.work || !args.before) throw new Error('usage: firstViewAlternate.ts --work DIR --before CLI-ENTRY [--runs 2] [--pulls 3] [--players 10000]');
const runs = Number(args.runs ?? 2);
const pulls = Number(args.pulls ?? 3);
const save = await ensureSave(args.work, Number(args.players ?? 10_000), { log: console.log });
const builds: Array<{ label: string; entry: string | undefined; views: Map<string, ViewTimes> }> = [
  { label: 'before', entry: args.before, views: new Map() },
  { label: 'after', entry: undefined, views: new Map() },
];
const load = (): string => loadavg().map((n) => n.toFixed(2)).join(' ');
console.log(`load average at start: ${load()}`);
for (let run = 0; run < runs; run++) {
  for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
    console.log(`run ${run + 1}/${runs}: ${build.label} (load ${load()})`);
    const result = await firstViewBench(save, args.work, 'node', pulls, (line) => console.log(`[${build.label}] ${line}`), build.entry);
    for (const view of result.views) {
      const kept = build.views.get(view.id);
      if (!kept) build.views.set(view.id, view);
      else {
        kept.firstMs.push(...view.firstMs);
        kept.cachedMs.push(...view.cachedMs);
        kept.mainCpuMs.push(...view.mainCpuMs);
        kept.otherCpuMs.push(...view.otherCpuMs);
      }
    }
  }
}
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const ms = (n: number): string => (n < 10 ? n.toFixed(1) : String(Math.round(n)));
console.log(`load average at end: ${load()}`);
console.log('| view | before: wall (main CPU, other threads) ms | after: wall (main CPU, other threads) ms |');
console.log('|---|---|---|');
for (const id of builds[0]!.views.keys()) {
  const cell = (view: ViewTimes | undefined): string => (view ? `${ms(median(view.firstMs))} (${ms(median(view.mainCpuMs))}, ${ms(median(view.otherCpuMs))}); all ${view.firstMs.map((v) => Math.round(v)).join(', ')}` : '-');
  console.log(`| ${id} | ${cell(builds[0]!.views.get(id))} | ${cell(builds[1]!.views.get(id))} |`);
}
