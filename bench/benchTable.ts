import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import type { LoadOptions } from './api.js';
import type { Runtime } from './lib/runtime.js';
import type { Row } from './lib/Row.js';
import { int, mb } from './lib/units.js';

/** The benchmark table as printed: the machine and load header (its lines also go to --json), then the rows. */
export function benchTable(rows: readonly Row[], startedLoad: number[], runtime: Runtime, load: LoadOptions): { header: string[]; text: string } {
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
  return { header, text: `${[...header, ...table].join('\n')}\n` };
}
