// Pulls that find nothing changed, as `blockstats serve` performs them (the pull bench's server,
// log and CPU timeline, with no player rewritten in between): what a pull costs when the game
// server is empty or its players have not been saved since the last one.
// Usage: node --conditions=source --import tsx bench/noChangePull.ts [players=10000] [pulls=5] [work=bench/.work]
// Prints each pull's duration, phases and server CPU as JSON. Builds nothing: run `npm run build:js` first.
import { fileURLToPath } from 'node:url';
import { ensureSave } from './generate/generate-save.js';
import { usePackages } from './lib/child.js';
import { prepareRuntime } from './lib/runtime.js';
import { pullBench, saveTarget } from './pull.js';

async function main(): Promise<void> {
  const players = Number(process.argv[2] ?? 10_000);
  const pulls = Number(process.argv[3] ?? 5);
  if (![players, pulls].every((n) => Number.isInteger(n) && n > 0)) throw new Error('usage: noChangePull.ts [players] [pulls] [work]');
  const work = process.argv[4] ?? fileURLToPath(new URL('./.work', import.meta.url));
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  await prepareRuntime('node', log, false);
  await usePackages('dist');
  const save = await ensureSave(work, players, { log });
  // No player rewritten: every measured pull must parse nothing.
  const target = { ...saveTarget(save), changedPlayers: 0, write: async () => {} };
  const result = await pullBench(target, work, 'node', pulls, log);
  const { median } = result;
  process.stdout.write(`${JSON.stringify({ players, median: { durationMs: median.durationMs, cpuMs: median.cpuMs, phases: median.phases }, pulls: result.pulls.map((p) => ({ ms: p.durationMs, cpuMs: p.cpuMs, afterCpuMs: p.afterCpuMs })) }, null, 1)}\n`);
}

void main();
