// What a start's background writes cost the answers (issue 42: nothing one file or task does
// slows everyone): `blockstats serve` (the built CLI, `--trace-gc`) on the 10k save or on the
// network of five (local folders), with a fresh data folder. Once its first pull is logged it is
// left alone 2.5 s (its quiet moment starts the writes of every player's last good reading), then
// `/v1/server` is asked every 20 ms until every server logged `last_good_written`. Prints one JSON
// line: the forced full collections meanwhile (`gc()`, which `--trace-gc` reports as "testing"),
// their pauses, the answers over 100 ms, the slowest, the writes' durations and VmHWM.
//
//   node --conditions=source --import tsx bench/startStalls.ts --work /work/bench-work [--network]
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureNetwork } from './generate/generate-network.js';
import { ensureSave } from './generate/generate-save.js';
import { eachLine } from './lib/eachLine.js';
import { procStatusMb } from './lib/procStatusMb.js';
import { runtimeSpec } from './lib/runtime.js';
import { stopChild } from './lib/stopChild.js';

const { values: args } = parseArgs({ options: { work: { type: 'string' }, network: { type: 'boolean', default: false } } });
if (!args.work) throw new Error('usage: startStalls.ts --work DIR [--network]');
const work = args.work;
const saves = args.network
  ? (await ensureNetwork(work)).servers.flatMap((server) => ['--server', `${server.id}=${server.dir}`])
  : ['--server', (await ensureSave(work, 10_000)).dir];
const servers = args.network ? saves.length / 2 : 1;
const dataDir = join(work, 'start-stalls-data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const config = join(dataDir, 'config.json');
writeFileSync(config, JSON.stringify({ skins: { enabled: false }, modrinth: { enabled: false }, schedule: { refresh: '1d' } }));
const spec = runtimeSpec('node');
const child = spawn(process.execPath, ['--trace-gc', ...spec.flags, spec.entry, 'serve', ...saves, '--data', join(dataDir, 'data'), '--config', config, '--host', '127.0.0.1', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
let gone = false;
const exited = new Promise<void>((resolve) =>
  child.once('exit', () => {
    gone = true;
    resolve();
  }),
);
/** Throws when serve has exited or `deadline` (epoch ms) passed: the bench never waits for ever. */
const check = (deadline: number, what: string): void => {
  if (gone) throw new Error(`blockstats serve exited ${what}`);
  if (Date.now() > deadline) throw new Error(`gave up after 20 minutes ${what}`);
};

const TRACE = /(Scavenge|Mark-Compact)[^,]*, ([\d.]+) \/ [\d.]+ ms/;
let url: string | null = null;
let pulled = false;
const forced: number[] = [];
const writeMs: number[] = [];
eachLine(child.stdout!, (line) => {
  const gc = TRACE.exec(line);
  if (gc) {
    if (pulled && gc[1] === 'Mark-Compact' && line.includes('testing')) forced.push(Number(gc[2]));
    return;
  }
  if (!line.startsWith('{')) return;
  const entry = JSON.parse(line) as { event?: string; url?: string; server?: string; duration_ms?: number };
  if (entry.event === 'listening') url = entry.url ?? null;
  // A network logs a pull line per server (with `server`) and then its own.
  if (entry.event === 'pull' && (servers === 1 || entry.server === undefined)) pulled = true;
  if (entry.event === 'last_good_written') writeMs.push(entry.duration_ms ?? 0);
});

try {
  const deadline = Date.now() + 20 * 60_000;
  while (!pulled || url === null) {
    check(deadline, 'before its first pull was logged');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const waits: number[] = [];
  while (writeMs.length < servers) {
    check(deadline, 'before every server logged last_good_written');
    const begin = performance.now();
    await (await fetch(`${url}/v1/server`)).arrayBuffer();
    waits.push(performance.now() - begin);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const round = (n: number): number => Math.round(n);
  console.log(JSON.stringify({
    servers,
    forcedCollections: forced.length,
    forcedPauseMs: round(forced.reduce((a, b) => a + b, 0)),
    longestForcedMs: round(Math.max(0, ...forced)),
    answers: waits.length,
    answersOver100ms: waits.filter((ms) => ms > 100).length,
    slowestAnswerMs: round(Math.max(0, ...waits)),
    writeMs,
    peakRssMb: round(procStatusMb(child.pid!, 'VmHWM')),
  }));
} finally {
  await stopChild(child, exited);
  rmSync(dataDir, { recursive: true, force: true });
}
