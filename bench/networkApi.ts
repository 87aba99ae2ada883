import { mkdirSync } from 'node:fs';
import { endpoints, measure, medianRound, middlePlayer, PROXY, record, type LoadOptions, type LoadResult, type Target } from './api.js';
import type { RecordedResponse } from './children/api-server.js';
import type { BenchNetwork } from './generate/generate-network.js';
import type { BenchSave } from './generate/generate-save.js';
import { waitIdle } from './lib/cores.js';
import { startServedCli, type ServedCli } from './lib/servedCli.js';
import { requireApiTools } from './lib/requireApiTools.js';

// The network in the API benchmark (issue 38: "the network's answers as fast as the single
// server's, same API benchmark, ratio ≥ 0.95"): `blockstats serve` on a generated network
// (every server as `--server id=DIR`) and on the lone 10k save, both as deployed (defaults: rate
// limit on, one log line a request into a pipe), measured in the same run, endpoint by endpoint,
// in rotating order, with the same wrk load: the network view and one server's view
// (`?server=<id>`) against the lone server.

/** What is measured: the lone server, the network's view, one server's view of the network. */
export const NETWORK_API_SERVERS = ['single', 'network', 'server'] as const;
export type NetworkApiServer = (typeof NETWORK_API_SERVERS)[number];

export interface NetworkApiRow {
  endpoint: string;
  /** The path asked of each (each has its own middle player; the server view adds `server=`). */
  paths: Record<NetworkApiServer, string>;
  results: Record<NetworkApiServer, LoadResult>;
}

export interface NetworkApiResult {
  /** The lone server's players. */
  single: number;
  /** The network: servers, slots over every server, people counted once. */
  network: { servers: number; slots: number; people: number };
  /** The server whose view is measured (`?server=`). */
  viewed: string;
  load: LoadOptions;
  rows: NetworkApiRow[];
}

/**
 * How long the network may take to be idle after its first pull, and for how many seconds in a
 * row it must be: after a start it writes every server's players' last good readings (~50,000
 * files at 5 × 10k: 5-6 minutes on a loaded machine) and six snapshots, each write after a full
 * collection of its ~500 MB heap (1.2-2.4 s each, load 15-20), and V8's memory reducer follows a
 * full collection with up to three of its own, the first ~8 s later. Waiting only until one quiet
 * second, up to 3 minutes, measured the network during that work (2026-11-29).
 */
const NETWORK_IDLE = { timeoutMs: 900_000, quietSeconds: 20 };

/** Waits until `served` answers with data (its first pull done, up to 15 minutes), then until it is idle. */
async function untilServed(served: ServedCli, log: (line: string) => void): Promise<void> {
  const deadline = Date.now() + 900_000;
  for (;;) {
    const response = await fetch(`${served.url}/v1/server`, { headers: { 'x-forwarded-for': '192.0.2.1' } });
    await response.arrayBuffer();
    if (response.status === 200) break;
    if (Date.now() > deadline) throw new Error(`blockstats serve still answers ${response.status} after 15 minutes: its first pull is not done`);
    log('  network api: waiting for the first pull …');
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  const started = Date.now();
  const idle = await waitIdle(served.pid, NETWORK_IDLE.timeoutMs, NETWORK_IDLE.quietSeconds);
  const waited = Math.round((Date.now() - started) / 1000);
  log(idle ? `  network api: idle after ${waited} s` : `  network api: still busy after ${waited} s; measuring anyway`);
}

/** Appends `server=<id>` to a path. */
const inView = (path: string, id: string): string => `${path}${path.includes('?') ? '&' : '?'}server=${id}`;

export async function networkApiBench(network: BenchNetwork, single: BenchSave, options: LoadOptions, workDir: string, log: (line: string) => void): Promise<NetworkApiResult> {
  requireApiTools({ fastify: false });
  mkdirSync(workDir, { recursive: true });
  const viewed = network.servers[0]!.id;
  const served: ServedCli[] = [];
  try {
    const common = {
      workDir,
      runtime: options.runtime,
      // No second pull during the run: a pull is not what is measured, and a changed ETag would
      // fail the 304 rows. The network's first pull alone took ~7 minutes on a loaded machine
      // (load 20-27), its idle wait ~4 more, so the default 15 minutes fell inside the run.
      config: { skins: { enabled: false }, modrinth: { enabled: false }, trusted_proxies: [PROXY], schedule: { refresh: '1d' } },
      serverCore: options.cores.server,
      logCore: options.cores.client,
      flags: [],
    };
    log(`  network api: starting blockstats serve on the ${single.players} save …`);
    const lone = await startServedCli({ ...common, name: 'single', serverDir: single.dir });
    served.push(lone);
    log(`  network api: starting blockstats serve on the network of ${network.servers.length} (first pull) …`);
    const net = await startServedCli({
      ...common,
      name: 'network',
      serverDir: network.dir,
      serverArgs: network.servers.flatMap((server) => ['--server', `${server.id}=${server.dir}`]),
    });
    served.push(net);
    // `serve` listens (answering 503) once its first pull has taken 30 s; a network's takes longer.
    await untilServed(net, log);

    // Each asks for its own middle player of the play-time board, under the same endpoint names.
    const plans = await Promise.all([
      { name: 'single' as const, served: lone, query: '' },
      { name: 'network' as const, served: net, query: '' },
      { name: 'server' as const, served: net, query: `&server=${viewed}` },
    ].map(async (plan) => {
      const player = await middlePlayer(plan.served.url, plan.query);
      const list = endpoints(player, options.endpoints).map((e) => ({ ...e, path: plan.query ? inView(e.path, viewed) : e.path }));
      return { ...plan, list };
    }));
    const targets: Array<Target<NetworkApiServer>> = [];
    for (const plan of plans) {
      const recorded = new Map<string, RecordedResponse>();
      for (const { path } of plan.list) if (!recorded.has(path)) recorded.set(path, await record(plan.served.url, path));
      targets.push({ name: plan.name, url: plan.served.url, pid: plan.served.pid, recorded, takeLog: plan.served.takeLog });
    }
    for (const s of served) await s.takeLog(0); // the recording's own lines

    const rows: NetworkApiRow[] = [];
    for (const [i, { endpoint, revalidate }] of plans[0]!.list.entries()) {
      const paths = Object.fromEntries(plans.map((plan) => [plan.name, plan.list[i]!.path])) as Record<NetworkApiServer, string>;
      for (const target of targets) {
        const response = target.recorded.get(paths[target.name])!;
        if (response.status !== 200) throw new Error(`${target.name} ${paths[target.name]} answered ${response.status}, not 200: nothing to measure`);
        if (revalidate && !response.notModified) throw new Error(`${target.name} ${paths[target.name]} has no ETag: no 304 to measure`);
      }
      log(`  network api: ${endpoint} …`);
      if (options.warmupSec > 0) {
        for (const target of targets) await measure(target, paths[target.name], revalidate, options.warmupSec, options);
      }
      const rounds = new Map<NetworkApiServer, LoadResult[]>(targets.map((t) => [t.name, []]));
      for (let round = 0; round < Math.max(1, options.rounds); round++) {
        // Rotating order: load from elsewhere on the machine shifts every server alike.
        for (let j = 0; j < targets.length; j++) {
          const target = targets[(j + round) % targets.length]!;
          rounds.get(target.name)!.push(await measure(target, paths[target.name], revalidate, options.durationSec, options));
        }
      }
      const results = Object.fromEntries(targets.map((t) => [t.name, medianRound(rounds.get(t.name)!)])) as Record<NetworkApiServer, LoadResult>;
      rows.push({ endpoint, paths, results });
    }
    const slots = network.servers.reduce((sum, server) => sum + server.players, 0);
    return { single: single.players, network: { servers: network.servers.length, slots, people: network.people }, viewed, load: options, rows };
  } finally {
    await Promise.all(served.map((s) => s.stop()));
  }
}
