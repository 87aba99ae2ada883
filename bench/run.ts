import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { API_ENDPOINTS, apiBench, type ApiResult, type LoadOptions } from './api.js';
import { apiRows } from './apiRows.js';
import type { FloorResult } from './children/floor.js';
import type { BuildTiming, SnapshotResult } from './children/snapshot.js';
import { DEFAULT_SEED, ensureSave, type BenchSave } from './generate/generate-save.js';
import { runChild, usePackages } from './lib/child.js';
import { type Row, verdict } from './lib/Row.js';
import { corePlan } from './lib/cores.js';
import { medianBy } from './lib/medianBy.js';
import { memoryBench, type MemoryResult } from './memory.js';
import { isRuntime, prepareRuntime, RUNTIME_NAMES, type Runtime } from './lib/runtime.js';
import { pullBench, saveTarget, type PullBenchResult } from './pull.js';
import { networkParts } from './networkParts.js';
import { pullRows } from './pullRows.js';
import { firstViewBench } from './firstView.js';
import { firstViewRows } from './firstViewRows.js';

// `npm run bench`: generates (once) deterministic server directories of 1k, 10k and 50k players,
// then measures the snapshot (full build against the read-and-parse floor, 1 % rebuild), the
// API (blockstats serve against Fastify and a bare node:http server) and `blockstats serve`'s peak RSS, and prints one
// table. Never part of `npm test`.

const HELP = `Usage: npm run bench -- [options]

  --sizes <list>        player counts, e.g. 1k,10k,50k (default 1k,10k,50k)
  --only <list>         parts to run: snapshot, api, memory, pull, first-view, network, network-api
                        (default all; after the sizes, on five generated servers of --network-slots
                        each, 60 % of the people on two or more: network = its pulls, network-api =
                        the API part on it against the lone 10k server, same run)
  --network-slots <n>   player slots per network server (default 10000; 2000 for a quick check)
  --pulls <n>           pull part: 1 %-changed pulls of blockstats serve measured (default 7);
                        first-view part: pulls after which each page is asked for (default 3)
  --runs <n>            full builds (and floors) per size; the median is reported
                        (default 3, 1 from 50k players up)
  --connections <n>     API: wrk connections (default 10)
  --duration <s>        API: seconds per measurement (default 5)
  --rounds <n>          API: measurements per endpoint and server, rotating order (default 3)
  --warmup <s>          API: warm-up seconds per endpoint and server (default 1)
  --addresses <n>       API: distinct client addresses wrk sends (X-Forwarded-For; default 10000)
  --cpus <server,client> API: the core the servers are pinned to and wrk's (default 0,1)
  --endpoints <list>    API: page, profile, 304, badge, site-page, site-profile (default all)
  --runtime <name>      what every part runs: node (default: the packages' tsup builds, as
                        \`npx blockstats\` and library users run them; runs \`npm run build\`
                        first; memory starts the built CLI with plain node) or tsx (the
                        TypeScript sources through tsx, as \`npm start\` runs them)
  --no-build            reuse the packages' existing builds instead of running \`npm run build\`
                        first (when you just built them)
  --seed <n>            generator seed (default ${DEFAULT_SEED})
  --work <dir>          where generated saves are kept (default bench/.work)
  --json <file>         also write every raw result as JSON
  -h, --help            this text

Generated saves are kept and reused; a 50k-player save is ~4 GB and takes a few minutes to make.`;

/** Targets from the issues, on a 2-core machine (full build: issue 17; the API's: bench/apiRows.ts). */
const TARGETS = {
  fullVsFloor: 1.0,
  rebuildVsFull: 0.1,
  rssAt10kMb: 400,
};

/** MinecraftStats' Java CLI on a realistic 10k-player world on this machine (issue 9). */
const PEER = { players: 10_000, seconds: '7 to 9 s', rssMb: 690 };

function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(k?)$/i.exec(text.trim());
  if (!match) throw new Error(`--sizes: "${text}" is not a player count such as 1000 or 10k`);
  const n = Math.round(Number(match[1]) * (match[2] ? 1000 : 1));
  if (n < 1 || n > 1_000_000) throw new Error(`--sizes: ${text} is out of range (1 to 1000k)`);
  return n;
}

function positive(name: string, text: string | undefined, fallback: number, allowZero = false): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0)) throw new Error(`--${name}: "${text}" is not a positive number`);
  return n;
}

const sizeLabel = (n: number): string => (n % 1000 === 0 ? `${n / 1000}k` : String(n));
const seconds = (ms: number): string => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const mb = (bytes: number): string => `${Math.round(bytes / 1024 / 1024).toLocaleString('en-US')} MB`;
const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const pct = (ratio: number): string => `${Math.round(ratio * 100)} %`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string' },
      only: { type: 'string' },
      runs: { type: 'string' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      rounds: { type: 'string' },
      warmup: { type: 'string' },
      addresses: { type: 'string' },
      cpus: { type: 'string' },
      endpoints: { type: 'string' },
      runtime: { type: 'string' },
      seed: { type: 'string' },
      work: { type: 'string' },
      json: { type: 'string' },
      pulls: { type: 'string' },
      'network-slots': { type: 'string' },
      'no-build': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const sizes = (values.sizes ?? '1k,10k,50k').split(',').map(parseSize);
  const parts = new Set((values.only ?? 'snapshot,api,memory,pull,first-view,network,network-api').split(',').map((p) => p.trim()));
  for (const part of parts) if (!['snapshot', 'api', 'memory', 'pull', 'first-view', 'network', 'network-api'].includes(part)) throw new Error(`--only: unknown part "${part}" (snapshot, api, memory, pull, first-view, network, network-api)`);
  const runtimeName = values.runtime ?? 'node';
  if (!isRuntime(runtimeName)) throw new Error(`--runtime: unknown runtime "${runtimeName}" (${RUNTIME_NAMES.join(', ')})`);
  const runtime: Runtime = runtimeName;
  const seed = positive('seed', values.seed, DEFAULT_SEED);
  const work = values.work ?? fileURLToPath(new URL('./.work', import.meta.url));
  const load: LoadOptions = {
    connections: Math.round(positive('connections', values.connections, 10)),
    durationSec: positive('duration', values.duration, 5),
    warmupSec: positive('warmup', values.warmup, 1, true),
    rounds: Math.round(positive('rounds', values.rounds, 3)),
    addresses: Math.round(positive('addresses', values.addresses, 10_000)),
    cores: corePlan(values.cpus),
    runtime,
    endpoints: (values.endpoints ?? '').split(',').map((e) => e.trim()).filter((e) => e !== ''),
  };
  for (const endpoint of load.endpoints) {
    if (!(API_ENDPOINTS as readonly string[]).includes(endpoint)) throw new Error(`--endpoints: unknown endpoint "${endpoint}" (${API_ENDPOINTS.join(', ')})`);
  }
  const log = (line: string): void => void process.stderr.write(`${line}\n`);

  const startedLoad = loadavg();
  const rows: Row[] = [];
  const raw: Record<string, unknown> = {};
  const memory: MemoryResult[] = [];
  // Built once, before the first measurement; a failed build stops the bench with its output.
  await prepareRuntime(runtime, log, !values['no-build']);
  await usePackages(runtime === 'node' ? 'dist' : 'source');

  for (const players of sizes) {
    const size = sizeLabel(players);
    const save: BenchSave = await ensureSave(work, players, { seed, log });
    const total = save.bytes.stats + save.bytes.advancements + save.bytes.playerdata;
    rows.push({
      part: 'save on disk',
      size,
      result: `${mb(total)}: stats ${mb(save.bytes.stats)}, advancements ${mb(save.bytes.advancements)}, playerdata ${mb(save.bytes.playerdata)}`,
      against: `${int((3 * players))} files, ${(total / players / 1024).toFixed(0)} KB a player`,
      ratio: '',
      target: '',
      status: '',
    });

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
      const floors: FloorResult[] = [];
      const builds: SnapshotResult[] = [];
      for (let run = 0; run < runs; run++) {
        // Alternate floor and build: other load on the machine then shifts both alike.
        log(`  snapshot ${size}: floor ${run + 1}/${runs} …`);
        floors.push(await runChild<FloorResult>('floor', [save.world]));
        log(`  snapshot ${size}: full build ${run + 1}/${runs}${run === runs - 1 ? ' + 1 % rebuild' : ''} …`);
        builds.push(await runChild<SnapshotResult>('snapshot', [JSON.stringify(save), ...(run === runs - 1 ? ['--rebuild'] : [])]));
      }
      const floor = medianBy(floors, (f) => f.floorMs);
      const build = medianBy(builds, (b) => b.full.totalMs);
      const full: BuildTiming = build.full;
      const rebuild = builds.find((b) => b.rebuild !== null)?.rebuild ?? null;
      raw[`snapshot-${size}`] = { floors, builds };
      const ratio = full.totalMs / floor.floorMs;
      rows.push({
        part: 'snapshot: full build',
        size,
        result: `${seconds(full.totalMs)} (read ${seconds(full.readMs)} + build ${seconds(full.buildMs)}; CPU ${seconds(full.cpuMs)}; peak RSS ${int(build.peakRssMb)} MB)`,
        against: `floor ${seconds(floor.floorMs)} (JSON ${seconds(floor.jsonMs)} + gunzip ${seconds(floor.datMs)}; CPU ${seconds(floor.cpuMs)}); NBT parse would add ${seconds(floor.nbtMs)}`,
        ratio: `${ratio.toFixed(2)}× floor`,
        target: `≤ ${TARGETS.fullVsFloor}× floor`,
        status: verdict(ratio <= TARGETS.fullVsFloor, `${pct(ratio / TARGETS.fullVsFloor - 1)} over`),
      });
      if (rebuild) {
        const share = rebuild.totalMs / full.totalMs;
        rows.push({
          part: 'snapshot: rebuild after 1 % changed',
          size,
          result: `${seconds(rebuild.totalMs)}, median of ${rebuild.all.length} successive pulls (read ${seconds(rebuild.readMs)} + build ${seconds(rebuild.buildMs)}; ${int(rebuild.changedPlayers)} players, ${int(rebuild.parsed)} files parsed, ${int(rebuild.reused)} reused); first ${seconds(rebuild.first.totalMs)}, all ${rebuild.all.map((ms) => int(ms)).join(', ')} ms`,
          against: `full build ${seconds(full.totalMs)}`,
          ratio: pct(share),
          target: `≤ ${pct(TARGETS.rebuildVsFull)} of full`,
          status: verdict(share <= TARGETS.rebuildVsFull, `${(share * 100 - TARGETS.rebuildVsFull * 100).toFixed(0)} points over`),
        });
      }
      if (players === PEER.players) {
        rows.push({
          part: 'peer: MinecraftStats Java CLI',
          size,
          result: `${PEER.seconds}, ~${PEER.rssMb} MB (re-reads everything every run; figure from the issue, same machine)`,
          against: `blockstats full ${seconds(full.totalMs)}, 1 % rebuild ${rebuild ? seconds(rebuild.totalMs) : 'n/a'}`,
          ratio: '',
          target: 'reference',
          status: '',
        });
      }
    });

    if (parts.has('api')) await attempt('api', async () => {
      const api: ApiResult = await apiBench(save, load, work, log);
      raw[`api-${size}`] = api;
      rows.push(...apiRows(api, size));
      for (const row of api.rows) {
        if (!row.weight) continue;
        const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
        rows.push({
          part: `site: ${row.endpoint.replace('site page: ', '')} weight`,
          size,
          result: `${kb(row.weight.totalGzip)} compressed: HTML ${kb(row.weight.htmlGzip)} (${kb(row.weight.html)} raw) + stylesheet, script and icon ${kb(row.weight.filesGzip)}`,
          against: '',
          ratio: '',
          target: '< 60 KB',
          status: verdict(row.weight.totalGzip < 60 * 1024, `${kb(row.weight.totalGzip - 60 * 1024)} over`),
        });
      }
    });

    if (parts.has('memory')) await attempt('memory', async () => {
      const result = await memoryBench(save, work, runtime, log);
      memory.push(result);
      raw[`memory-${size}`] = result;
      const atTarget = players === 10_000;
      rows.push({
        part: `memory: blockstats serve peak RSS (${result.runtimeLabel})`,
        size,
        result: `${int(result.peakMb)} MB peak, ${int(result.rssMb)} MB after ${int(result.requests)} requests (first pull ${result.firstPullMs === null ? '?' : seconds(result.firstPullMs)}, second ${result.secondPullMs === null ? '?' : seconds(result.secondPullMs)})`,
        against: `${result.baselineLabel} ${int(result.baselineMb)} MB${players === PEER.players ? `; peer ~${PEER.rssMb} MB` : ''}`,
        ratio: `${((result.peakMb - result.baselineMb) / players * 1024).toFixed(1)} KB a player`,
        target: atTarget ? `< ${TARGETS.rssAt10kMb} MB` : '',
        status: atTarget ? verdict(result.peakMb < TARGETS.rssAt10kMb, `${int(result.peakMb - TARGETS.rssAt10kMb)} MB over`) : '',
      });
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

  if (parts.has('network') || parts.has('network-api')) {
    const network = await networkParts({
      parts, seed, work, runtime, load, log,
      slotsPerServer: Math.round(positive('network-slots', values['network-slots'], 10_000)),
      pulls: Math.round(positive('pulls', values.pulls, 7)),
      lonePulls: (size) => raw[`pull-${size}`] as PullBenchResult | undefined,
    });
    rows.push(...network.rows);
    Object.assign(raw, network.raw);
  }

  if (memory.length >= 2) {
    const [first, last] = [memory[0]!, memory[memory.length - 1]!];
    const slope = (a: MemoryResult, b: MemoryResult): number => (b.peakMb - a.peakMb) / (b.players - a.players) * 1024;
    const slopes = memory.slice(1).map((m, i) => `${sizeLabel(memory[i]!.players)}→${sizeLabel(m.players)} ${slope(memory[i]!, m).toFixed(1)} KB/player`);
    rows.push({
      part: 'memory: growth',
      size: `${sizeLabel(first.players)}→${sizeLabel(last.players)}`,
      result: slopes.join(', '),
      against: `${(last.peakMb / first.peakMb).toFixed(1)}× the RSS for ${(last.players / first.players).toFixed(0)}× the players`,
      ratio: '',
      target: 'roughly linear',
      status: '',
    });
  }

  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const endLoad = loadavg();
  const header = [
    `blockstats benchmarks: ${new Date().toISOString()}`,
    `machine: ${availableParallelism()} cores (${cpu}), ${mb(totalmem())} RAM, Node ${process.version}, ${process.platform}/${process.arch}`,
    `load average (1 min) at start ${startedLoad[0]!.toFixed(2)}, at end ${endLoad[0]!.toFixed(2)}: other work on the machine inflates wall times`,
    `command: npm run bench -- ${process.argv.slice(2).join(' ') || '(defaults)'}`,
    `runtime: ${runtime === 'node' ? 'the packages\' tsup builds (dist) with plain node, as npx blockstats runs them' : 'the TypeScript sources through tsx, as npm start runs them'}`,
    `API load: wrk on core ${load.cores.client}, 1 thread, ${load.connections} connections, ${int(load.addresses)} client addresses (X-Forwarded-For from a trusted loopback proxy), ${load.rounds} × ${load.durationSec} s per endpoint and server (median round; each latency percentile the median of the rounds'), ${load.warmupSec} s warm-up; every server pinned to core ${load.cores.server}; blockstats serve's and Fastify's request logs into the same kind of pipe; Fastify 5 + @fastify/rate-limit (240/min per client) + pino is the yardstick`,
    '',
  ];
  const columns: Array<[keyof Row, string]> = [['part', 'benchmark'], ['size', 'players'], ['result', 'blockstats'], ['fastify', 'Fastify'], ['against', 'compared with'], ['ratio', 'ratio'], ['target', 'target'], ['status', 'status']];
  const line = (cells: string[]): string => `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
  const table = [
    line(columns.map(([, title]) => title)),
    line(columns.map(() => '---')),
    ...rows.map((row) => line(columns.map(([key]) => row[key] ?? ''))),
  ];
  process.stdout.write(`${[...header, ...table].join('\n')}\n`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ header, rows, raw }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exitCode = 1;
});
