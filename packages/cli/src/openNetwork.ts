import { buildSnapshot, mergeSaves, SaveError, serverView, type SaveData, type Snapshot, type StatHistory } from '@blockstats/core';
import { openStatHistory, readSave } from '@blockstats/core/node';
import { createRouter, type BlockstatsRouter, type SiteOptions } from '@blockstats/server';
import { createPngPool } from '@blockstats/server/node';
import { backendDataDir, ConfigError, pullLimits, resolveNetworkServers, siteOption, snapshotOptions, type NetworkServerDir, type NetworkServerInput, type ReferenceConfigFile } from '@blockstats/server/reference';
import { CliError, EXIT } from './errors.js';
import type { CliIo } from './io.js';
import { networkSaveDir } from './networkSaveDir.js';
import { progressBar } from './progress.js';

/** Saves read at once: each read parses on worker threads already, so two keep a 2-core machine busy without holding every save's garbage at the same time. */
const PARALLEL_READS = 2;

/** A network read in-process: the router answering for it (and, under `?server=`, for each server). */
export interface LocalNetwork {
  servers: readonly NetworkServerDir[];
  /** The network's snapshot, then each server's by id. */
  snapshots: ReadonlyMap<string, Snapshot>;
  router: BlockstatsRouter;
}

/**
 * Reads every server's save (two at a time), merges them into the network's snapshot with
 * `mergeSaves` and builds each server's with `serverView`, both with the configuration's rules
 * (so a hidden, banned or excluded player is hidden in every view), and answers through one
 * router given the servers, exactly as HTTP clients get it with `?server=<id>`.
 * `given` names each entry in messages (the `--server` value). With `historyDir` (the network's
 * data directory), each server's stat history is read from `<historyDir>/servers/<id>` (where
 * a network `serve` or `record` keeps it), so period answers work for each server and, summed, for the network.
 */
export async function openNetwork(entries: readonly NetworkServerInput[], given: readonly string[], config: ReferenceConfigFile, io: CliIo, site?: SiteOptions, historyDir?: string): Promise<LocalNetwork> {
  let servers: NetworkServerDir[];
  try {
    servers = await resolveNetworkServers(entries, { cwd: io.cwd, label: (i) => `--server ${given[i]}` });
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(`Invalid network: ${error.issues.map((i) => `${i.key}: ${i.message}`).join('\n  ')}`, EXIT.usage);
    throw error;
  }
  const saves = await readSaves(servers, config, io);
  const now = Date.now();
  const options = snapshotOptions(config, now, null);
  const members = servers.map((s, i) => ({ id: s.id, save: saves[i]! }));
  const network = mergeSaves(members);
  const snapshots = new Map<string, Snapshot>([['', buildSnapshot(network, options)]]);
  for (const m of members) snapshots.set(m.id, buildSnapshot(serverView(m.save, network), options));
  const histories = historyDir === undefined ? new Map<string, StatHistory>() : await readHistories(servers, historyDir, config, io);
  const own = (id: string) => (histories.has(id) ? { statHistory: () => [histories.get(id)!] } : {});
  const router = createRouter({
    snapshot: () => snapshots.get('')!,
    servers: servers.map((s) => ({ id: s.id, name: s.name, snapshot: () => snapshots.get(s.id)!, ...own(s.id) })),
    ...(histories.size > 0 ? { statHistory: () => [...histories.values()] } : {}),
    // Offline answers: no rate limit, the configuration's links and events.
    rateLimit: false,
    ...(config.base_url ? { baseUrl: config.base_url } : {}),
    ...(config.problem_base ? { problemBase: config.problem_base } : {}),
    events: {
      ...(config.events?.pool ? { pool: config.events.pool } : {}),
      ...(config.events?.schedule ? { schedule: Object.fromEntries(Object.entries(config.events.schedule).map(([week, id]) => [Number(week), id])) } : {}),
    },
    site: siteOption(config, site),
    // PNG cards (the export's link previews) as a single server draws them: the pool's workers
    // start on the first card only.
    renderPng: networkPngPool(config).render,
    ...(config.site?.languages ? { languages: config.site.languages } : {}),
  });
  return { servers, snapshots, router };
}

/** Every server's save, in `servers`' order, at most {@link PARALLEL_READS} at a time; a failed read names its server. */
async function readSaves(servers: readonly NetworkServerDir[], config: ReferenceConfigFile, io: CliIo): Promise<SaveData[]> {
  const bar = progressBar(io.stderr, 'Reading saves');
  const limits = pullLimits(config).read;
  const saves: SaveData[] = new Array(servers.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < servers.length) {
      const index = next++;
      const server = servers[index]!;
      try {
        saves[index] = await readSave(await networkSaveDir(server, config, limits, io), { limits, ...(config.schedule?.read_threads !== undefined ? { threads: config.schedule.read_threads } : {}) });
      } catch (error) {
        bar.done();
        if (error instanceof CliError) throw error;
        if (error instanceof SaveError) throw new CliError(`Cannot read server ${server.id}'s save: ${error.message}`, EXIT.usage);
        throw new CliError(`Cannot read server ${server.id}'s save in ${server.dir}: ${(error as Error).message}`, EXIT.failure);
      }
      bar.update(++done, servers.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, servers.length) }, worker));
  bar.done();
  return saves;
}

/** Each server's recorded stat history (none recorded: left out); its warnings printed, never fatal. */
async function readHistories(servers: readonly NetworkServerDir[], dataDir: string, config: ReferenceConfigFile, io: CliIo): Promise<Map<string, StatHistory>> {
  const histories = new Map<string, StatHistory>();
  for (const server of servers) {
    const log = await openStatHistory(backendDataDir(dataDir, server.id), { timeZone: config.time_zone ?? 'UTC' });
    for (const warning of log.warnings) io.stderr.write(`Warning: server ${server.id}'s stat history: ${warning.file}: ${warning.reason}\n`);
    if (log.history.lastDay !== null) histories.set(server.id, log.history);
  }
  return histories;
}

/** The PNG renderer of a network read, configured by the `png` keys as the reference server's. */
function networkPngPool(config: ReferenceConfigFile) {
  const png = config.png ?? {};
  return createPngPool({
    ...(png.threads !== undefined ? { threads: png.threads } : {}),
    ...(png.queue !== undefined ? { queue: png.queue } : {}),
    ...(png.cache !== undefined ? { cacheBytes: png.cache } : {}),
    ...(png.timeout !== undefined ? { timeoutMs: png.timeout } : {}),
  });
}
