import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { apiBench, type ApiResult } from './api.js';
import { apiRows } from './apiRows.js';
import { benchOptions, positive, type BenchOptions } from './benchOptions.js';
import { benchTable } from './benchTable.js';
import { ensureSave, type BenchSave } from './generate/generate-save.js';
import { usePackages } from './lib/child.js';
import type { Row } from './lib/Row.js';
import { prepareRuntime } from './lib/runtime.js';
import { requireApiTools } from './lib/requireApiTools.js';
import { sizeLabel } from './lib/units.js';
import { memoryBench, type MemoryResult } from './memory.js';
import { memoryGrowthRow, memoryRow } from './memoryRows.js';
import { pullBench, saveTarget, type PullBenchResult } from './pull.js';
import { networkParts } from './networkParts.js';
import { pullRows } from './pullRows.js';
import { firstViewBench } from './firstView.js';
import { firstViewRows } from './firstViewRows.js';
import { saveRow } from './saveRow.js';
import { siteWeightRows } from './siteWeightRows.js';
import { snapshotPart } from './snapshotPart.js';

// `npm run bench`: generates (once) deterministic server directories of 1k, 10k and 50k players,
// then measures the snapshot (full build against the read-and-parse floor, 1 % rebuild), the
// API (blockstats serve against Fastify and a bare node:http server) and `blockstats serve`'s peak RSS, and prints one
// table. Never part of `npm test`.

/** What the parts report: the table's rows, the raw results (--json) and each size's memory result. */
interface Results {
  rows: Row[];
  raw: Record<string, unknown>;
  memory: MemoryResult[];
}

async function main(): Promise<void> {
  const options = benchOptions(process.argv.slice(2));
  if (!options) return;
  const { values, sizes, parts, runtime, load } = options;
  const log = (line: string): void => void process.stderr.write(`${line}\n`);

  if (parts.has('api')) requireApiTools({ fastify: true });
  if (parts.has('network-api')) requireApiTools({ fastify: false });
  const startedLoad = loadavg();
  const results: Results = { rows: [], raw: {}, memory: [] };
  const { rows, raw, memory } = results;
  // Built once, before the first measurement; a failed build stops the bench with its output.
  await prepareRuntime(runtime, log, !values['no-build']);
  await usePackages(runtime === 'node' ? 'dist' : 'source');

  for (const players of sizes) await sizeParts(options, players, results, log);

  if (parts.has('network') || parts.has('network-api')) {
    const network = await networkParts({
      parts, seed: options.seed, work: options.work, runtime, load, log,
      slotsPerServer: Math.round(positive('network-slots', values['network-slots'], 10_000)),
      pulls: Math.round(positive('pulls', values.pulls, 7)),
      lonePulls: (size) => raw[`pull-${size}`] as PullBenchResult | undefined,
    });
    rows.push(...network.rows);
    Object.assign(raw, network.raw);
  }

  if (memory.length >= 2) rows.push(memoryGrowthRow(memory));

  const { header, text } = benchTable(rows, startedLoad, runtime, load);
  process.stdout.write(text);
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ header, rows, raw }, null, 2)}\n`);
}

/** Every asked part at one size, on its save (generated once); a part that fails becomes a row. */
async function sizeParts({ values, parts, runtime, seed, work, load }: BenchOptions, players: number, { rows, raw, memory }: Results, log: (line: string) => void): Promise<void> {
  const size = sizeLabel(players);
  const save: BenchSave = await ensureSave(work, players, { seed, log });
  rows.push(saveRow(save, players, size));

  /** Runs one part; a failure becomes a row and the other parts still run. */
  const attempt = async (part: string, run: () => Promise<void>): Promise<void> => {
    try {
      await run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`  ${part} ${size} failed: ${message}`);
      rows.push({ part, size, result: `failed: ${message.split('\n')[0]}`, against: '', ratio: '', target: '', status: 'not measured' });
    }
  };

  if (parts.has('snapshot')) await attempt('snapshot', async () => {
    const runs = Math.max(1, Math.round(positive('runs', values.runs, players >= 50_000 ? 1 : 3)));
    const result = await snapshotPart(save, players, size, runs, log);
    raw[`snapshot-${size}`] = result.raw;
    rows.push(...result.rows);
  });

  if (parts.has('api')) await attempt('api', async () => {
    const api: ApiResult = await apiBench(save, load, work, log);
    raw[`api-${size}`] = api;
    rows.push(...apiRows(api, size), ...siteWeightRows(api, size));
  });

  if (parts.has('memory')) await attempt('memory', async () => {
    const result = await memoryBench(save, work, runtime, log);
    memory.push(result);
    raw[`memory-${size}`] = result;
    rows.push(memoryRow(result, players, size));
  });

  if (parts.has('pull')) await attempt('pull', async () => {
    const result = await pullBench(saveTarget(save), work, runtime, Math.round(positive('pulls', values.pulls, 7)), log);
    raw[`pull-${size}`] = result;
    rows.push(...pullRows(result, size));
  });

  if (parts.has('first-view')) await attempt('first-view', async () => {
    const result = await firstViewBench(save, work, runtime, Math.round(positive('pulls', values.pulls, 3)), log);
    raw[`first-view-${size}`] = result;
    rows.push(...firstViewRows(result, size));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exitCode = 1;
});
