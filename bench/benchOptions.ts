import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { API_ENDPOINTS, type LoadOptions } from './api.js';
import { corePlan } from './lib/cores.js';
import { isRuntime, RUNTIME_NAMES, type Runtime } from './lib/runtime.js';
import { DEFAULT_SEED } from './generate/generate-save.js';

export const HELP = `Usage: npm run bench -- [options]

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


function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(k?)$/i.exec(text.trim());
  if (!match) throw new Error(`--sizes: "${text}" is not a player count such as 1000 or 10k`);
  const n = Math.round(Number(match[1]) * (match[2] ? 1000 : 1));
  if (n < 1 || n > 1_000_000) throw new Error(`--sizes: ${text} is out of range (1 to 1000k)`);
  return n;
}

export function positive(name: string, text: string | undefined, fallback: number, allowZero = false): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0)) throw new Error(`--${name}: "${text}" is not a positive number`);
  return n;
}

/** `npm run bench`'s command line, checked, with its defaults filled. */
export interface BenchOptions {
  values: ReturnType<typeof parseBenchArgs>['values'];
  sizes: number[];
  parts: Set<string>;
  runtime: Runtime;
  seed: number;
  work: string;
  load: LoadOptions;
}

/** The command line as `node:util` parses it (strict: an unknown option throws). */
function parseBenchArgs(args: string[]) {
  return parseArgs({
    args,
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
}

/** Reads the command line (null for --help, after printing it); throws on a bad option. */
export function benchOptions(args: string[]): BenchOptions | null {
  const { values } = parseBenchArgs(args);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return null;
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
  return { values, sizes, parts, runtime, seed, work, load };
}
