import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { createParseWorkerPool } from '@blockstats/core/node';
import { createRouter } from '../../router/createRouter.js';
import type { RouterOptions } from '../../router/RouterOptions.js';
import { idleCollector, touching } from '../idleCollector.js';
import { sharedPreparer } from '../sharedPreparer.js';
import type { NetworkServer } from '../../router/NetworkServer.js';
import { configRouterOptions } from '../configRouterOptions.js';
import { DEFAULT_PERSIST_MS, DEFAULT_REFRESH_MS, createReferenceServer } from '../createReferenceServer.js';
import { sftpKeepOpenMs } from '../sftpKeepOpenMs.js';
import type { ReferenceConfigFile } from '../configSchema.js';
import { hideFromStatus } from '../hideFromStatus.js';
import { closeGracefully } from '../httpListener.js';
import type { DataDirLock } from '../lockDataDir.js';
import { listenReference } from '../listenReference.js';
import { liveSources } from '../liveSources.js';
import { silentLogger } from '../logger.js';
import { openDataDir } from '../openDataDir.js';
import { pngRenderer } from '../pngRenderer.js';
import { pullLimits } from '../pullLimits.js';
import { rateLimitStore } from '../rateLimitStore.js';
import { withRequestLog } from '../requestLog.js';
import { resolveNetworkServers } from '../resolveNetworkServers.js';
import { errorMessage } from '../errorMessage.js';
import { createPullScheduler } from '../pullScheduler.js';
import { playerRulesKey } from '../snapshotOptions.js';
import type { ReferenceServer, ReferenceServerOptions } from '../types.js';
import { backendConfig, type NetworkServerEntry } from './backendConfig.js';
import { checkSaves } from './checkSaves.js';
import { backendLogger } from './backendLogger.js';
import { networkHealth } from './networkHealth.js';
import { createNetworkPersister, readNetworkSnapshots, type NetworkPersistKey } from './networkPersister.js';
import { networkRecord } from './networkRecord.js';
import { initialNetworkState } from './NetworkState.js';
import { pullNetwork, type Backend, type NetworkPullContext } from './pullNetwork.js';

/** A network's configuration: the file's keys with its `servers` and the data directory. */
export interface NetworkServerConfig extends ReferenceConfigFile {
  servers: NetworkServerEntry[];
  data_dir: string;
}

/** Where the servers were given, for the messages of a configuration error. */
export interface NetworkConfigSource {
  /** The configuration file, or null (the command line). */
  file?: string | null;
  /** The name of server `index` in messages (default `servers[index]`). */
  label?: (index: number) => string;
  /** Relative saves are resolved against it. Default the process's. */
  cwd?: string;
}

/**
 * Creates the reference server for a network (issue 38): every server in `servers` is pulled on
 * the schedule (a local folder read in place, an `sftp://` save mirrored under its data
 * directory), each with its own record under `<data>/servers/<id>/`; the network's snapshot is
 * the merge of every server's last good save, each server's view answers under `?server=<id>`.
 * Checks the list first: duplicate ids, a save given twice, a path that is no save, a malformed
 * URL throw a {@link ConfigError} naming each entry, and nothing is served.
 *
 * @example
 * const server = await createNetworkServer({ data_dir: '/var/lib/blockstats', servers: [
 *   { id: 'survival', name: 'Survival', save: '/srv/survival', java: 'survival.internal:25566' },
 *   { id: 'skyblock', save: 'sftp://stats@panel.example.net:2022/skyblock' },
 * ], status: { java: 'play.example.net' } });
 * await server.start();
 * await server.listen({ port: 8080 });
 */
export async function createNetworkServer(config: NetworkServerConfig, options: ReferenceServerOptions = {}, source: NetworkConfigSource = {}): Promise<ReferenceServer> {
  const clock = options.clock ?? Date.now;
  const log = options.log ?? silentLogger;
  const dataDir = resolve(config.data_dir);
  const label = source.label ?? ((index: number) => `servers[${index}]`);
  const dirs = await resolveNetworkServers(config.servers, { cwd: source.cwd ?? process.cwd(), file: source.file ?? null, label });
  await checkSaves(dirs, source.file ?? null, label);
  const refreshMs = config.schedule?.refresh ?? DEFAULT_REFRESH_MS;
  const startedAt = clock();
  const state = initialNetworkState();
  const limits = pullLimits(config);
  const pinned: { at: number | null } = { at: null };
  const backendClock = () => pinned.at ?? clock();
  const networkDir = { ...config, data_dir: dataDir };
  // One pool of parse threads for all: the servers are read one after the other.
  const workers = createParseWorkerPool();
  // A remote server's connection is kept between the network's pulls (their schedule is the network's).
  const keepOpenMs = options.sftpKeepOpenMs ?? sftpKeepOpenMs(options, refreshMs);
  // The collection after a pull waits for a moment without requests (see idleCollector), and so
  // do the servers' writes of their players' last good readings, once the network's pull is
  // over (see `deferTo` and `NetworkPullContext.held`).
  const collector = idleCollector();
  const held: Array<() => void> = [];
  const backends: Backend[] = config.servers.map((entry, index) => {
    const backend = backendConfig(networkDir, { ...entry, save: dirs[index]!.dir });
    return {
      id: entry.id,
      name: dirs[index]!.name,
      display: dirs[index]!.dir,
      config: backend,
      // Each reads, keeps and records its save; the network builds every view (see pullNetwork).
      server: createReferenceServer(backend, { ...options, clock: backendClock, log: backendLogger(log, entry.id), manualPulls: true, sftpKeepOpenMs: keepOpenMs, renderPng: null, buildSnapshot: false, workers, deferTo: { defer: (task) => held.push(task) } }),
    };
  });
  // The network's own live sources: the proxy's ping (status/addresses) and the skin lookups;
  // mods are each server's own.
  const live = liveSources({ ...config, server_dir: dataDir, data_dir: dataDir, modrinth: { ...config.modrinth, enabled: false } }, { dataDir, clock, log, fetch: options.fetch, lastSave: () => null });
  const key: NetworkPersistKey = { dataDir, servers: backends.map((b) => ({ id: b.id, display: b.display })), playersRules: playerRulesKey(config) };
  const persister = options.readOnly ? null : createNetworkPersister(key, { log, everyMs: config.schedule?.persist ?? DEFAULT_PERSIST_MS, clock });
  const record = networkRecord(backends.map((b) => () => b.server.record()));
  const limitStore = rateLimitStore(config, log);
  const png = pngRenderer(config, options.renderPng, log);
  const hidden = () => state.hidden;
  const servers: NetworkServer[] = backends.map((b) => ({
    id: b.id,
    name: b.name,
    snapshot: () => state.views.get(b.id) ?? null,
    record: () => {
      const own = b.server.record();
      return own && own.recordingSince !== null ? own : null;
    },
    statHistory: () => {
      const own = b.server.statHistory();
      return own === null ? null : [own];
    },
    ...(b.server.live.status ? { status: hideFromStatus(b.server.live.status, hidden) } : {}),
    ...(b.server.live.mods ? { mods: b.server.live.mods } : {}),
    ...(b.server.live.modpack ? { modpack: b.server.live.modpack } : {}),
  }));
  const health = () => ({ startedAt, lastSuccessAt: state.lastSuccessAt, lastErrorAt: state.lastErrorAt, nextPullAt: pulls.nextPullAt(), problems: networkHealth(state, backends, limitStore?.status) });
  const routerOptions: RouterOptions = {
    snapshot: () => state.current,
    record,
    // Period boards of the network: each player's gains summed over the servers' histories.
    statHistory: () => {
      const histories = backends.map((b) => b.server.statHistory()).filter((h) => h !== null);
      return histories.length === 0 ? null : histories;
    },
    servers,
    ...(live.status ? { status: hideFromStatus(live.status, hidden) } : {}),
    ...configRouterOptions(config, { options, clock, log, live, limitStore, png }),
    health,
  };
  const router = createRouter(routerOptions);
  const logged = touching(withRequestLog(router, log), collector);
  const context: NetworkPullContext = {
    config,
    backends,
    clock,
    log,
    live,
    persister,
    pinned,
    prepare: sharedPreparer(routerOptions, log, { network: true }),
    collector,
    held,
  };

  const pulls = createPullScheduler({ run: () => pullNetwork(state, context), settle: async () => persister?.idle(), refreshMs, clock });
  let started = false;
  let http: Server | null = null;
  let lock: DataDirLock | null = null;

  async function restore(): Promise<void> {
    try {
      const stored = await readNetworkSnapshots(key, limits.dataFileBytes);
      if (stored === null || state.current !== null) return;
      state.current = stored.network;
      state.views = stored.views;
      state.hidden = new Set(stored.hidden);
      state.lastSuccessAt = Date.parse(stored.network.data_updated_at);
      log.log('info', 'snapshot_loaded', { network: true, data_updated_at: stored.network.data_updated_at, players: stored.network.players.length, servers: [...stored.views.keys()] });
    } catch (error) {
      log.log('warn', 'snapshot_load_failed', { error: errorMessage(error) });
    }
  }

  return {
    router,
    fetch: logged.fetch,
    pull: pulls.pull,
    async start() {
      if (started) return;
      lock = await openDataDir(dataDir, { readOnly: options.readOnly, clock, log });
      started = true;
      await restore();
      for (const backend of backends) await backend.server.start();
      if (!options.manualPulls) pulls.schedule(0);
    },
    async loadRecord() {
      for (const backend of backends) await backend.server.loadRecord();
    },
    async listen(listenOptions = {}) {
      if (http) throw new Error('already listening');
      const listening = await listenReference(logged, config, { log, clock }, listenOptions);
      http = listening.server;
      return listening;
    },
    async close(closeOptions = {}) {
      if (state.closing) return;
      state.closing = true;
      pulls.stop();
      collector.cancel();
      live.skins?.close();
      const graceMs = closeOptions.graceMs ?? 10_000;
      await Promise.all([http ? closeGracefully(http, graceMs) : Promise.resolve(), ...backends.map((b) => b.server.close({ graceMs }))]);
      const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([(async () => {
        await pulls.running();
        // What the servers' pulls left to the quiet moment since (their last good readings).
        collector.cancel();
        await persister?.flush();
      })(), grace]);
      await Promise.all([limitStore?.close(), png?.close(), workers.close()]);
      await lock?.release();
    },
    snapshot: () => state.current,
    record,
    lastSave: () => null,
    // Each server keeps its own history; the router sums them (statHistory above).
    statHistory: () => null,
    live,
    health: () => {
      const own = backends.map((b) => b.server.health());
      return {
        ...health(),
        lastError: state.lastError,
        pulls: state.pulls,
        abandoned: own.reduce((sum, h) => sum + h.abandoned, 0),
      };
    },
  };
}
