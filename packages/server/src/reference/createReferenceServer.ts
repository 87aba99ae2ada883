import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { createParseCache, createParseWorkerPool, createSaveWatch, loadRecord, openRecord, openStatHistory } from '@blockstats/core/node';
import { createRouter } from '../router/createRouter.js';
import type { RouterOptions } from '../router/RouterOptions.js';
import { configRouterOptions, eventScheduleOf } from './configRouterOptions.js';
import { DEFAULT_EVENT_POOL } from './defaultEventPool.js';
import { healthProblems } from './healthProblems.js';
import { hideFromStatus } from './hideFromStatus.js';
import { closeGracefully } from './httpListener.js';
import { createLastGoodStore } from './lastGoodStore.js';
import type { DataDirLock } from './lockDataDir.js';
import { listenReference } from './listenReference.js';
import { liveSources } from './liveSources.js';
import { silentLogger } from './logger.js';
import { openDataDir } from './openDataDir.js';
import { initialPullState } from './PullState.js';
import { pngRenderer } from './pngRenderer.js';
import { pullLimits } from './pullLimits.js';
import { rateLimitStore } from './rateLimitStore.js';
import { readServedRecipes } from './readServedRecipes.js';
import { withRequestLog } from './requestLog.js';
import { errorMessage } from './errorMessage.js';
import type { PullContext } from './PullContext.js';
import { runPull } from './runPull.js';
import { createPullScheduler } from './pullScheduler.js';
import { readStoredSnapshot, SNAPSHOT_FILE } from './snapshotFile.js';
import { removeStaleSnapshot } from './removeStaleSnapshot.js';
import { recipeSourceOfStored } from './ServedState.js';
import { playerRulesKey } from './snapshotOptions.js';
import { createSnapshotPersister } from './snapshotPersister.js';
import { collectGarbage } from './collectGarbage.js';
import { keepTickObjectShapes } from './keepTickObjectShapes.js';
import { deferringTo, idleCollector, touching } from './idleCollector.js';
import { sharedPreparer } from './sharedPreparer.js';
import type { ReferenceServer, ReferenceServerConfig, ReferenceServerOptions } from './types.js';
import { servedHistory } from './servedHistory.js';
import { ConfigError } from './ConfigError.js';
import { parseSaveLocation, redactLocation } from '../remote/parseSaveLocation.js';
import { localSource } from '../remote/createSaveSource.js';
import { sftpWorkerSource } from '../remote/sftpWorkerSource.js';
import { sftpSettings } from '../remote/sftpSettings.js';
import { sftpKeepOpenMs } from './sftpKeepOpenMs.js';

export type { Listening, PullResult, ReferenceHealth, ReferenceServer, ReferenceServerConfig, ReferenceServerOptions } from './types.js';

/** DECISIONS: statistics are copied off the game server every 15 minutes. */
export const DEFAULT_REFRESH_MS = 15 * 60 * 1000;

/**
 * `schedule.persist`: snapshot.json is rewritten at most hourly (and at shutdown). It only lets a
 * restart answer before its first pull; every 15 minutes it cost, at 10,000 players, 36 MB of
 * disk writes and ~0.6 s of the server's thread (3.5 GB a day).
 */
export const DEFAULT_PERSIST_MS = 60 * 60 * 1000;

/**
 * Creates the reference server for one Minecraft server directory (see {@link ReferenceServerConfig}).
 * Nothing happens until `start()`; `pull()` may also be driven by hand (tests, `blockstats record`).
 *
 * @example
 * const server = createReferenceServer({ server_dir: '/srv/minecraft', data_dir: '/var/lib/blockstats' }, { log: jsonLogger(process.stdout) });
 * await server.start();
 * const { url } = await server.listen({ port: 8080 });
 * process.once('SIGTERM', () => void server.close());
 */
export function createReferenceServer(config: ReferenceServerConfig, options: ReferenceServerOptions = {}): ReferenceServer {
  const clock = options.clock ?? Date.now;
  const log = options.log ?? silentLogger;
  const dataDir = resolve(config.data_dir);
  const location = parseSaveLocation(config.server_dir);
  if (!location.ok) throw new ConfigError(null, [{ key: 'server_dir', message: `${JSON.stringify(redactLocation(config.server_dir))} ${location.message}` }]);
  const refreshMs = config.schedule?.refresh ?? DEFAULT_REFRESH_MS;
  const startedAt = clock();
  const state = initialPullState();
  const limits = pullLimits(config);
  // An sftp:// save is mirrored into the data directory (or the offline CLI's cache) and read
  // there, synced on a thread of its own (see sftpWorkerSource).
  const source =
    location.location.kind === 'local'
      ? localSource(location.location.path)
      : sftpWorkerSource(location.location, {
          settings: sftpSettings(config.sftp, options.env ?? process.env),
          mirrorBase: options.mirrorDir ?? join(dataDir, 'sftp-mirror'),
          limits: limits.read,
          log,
          keepOpenMs: options.sftpKeepOpenMs ?? sftpKeepOpenMs(options, refreshMs),
        });
  const serverDir = source.dir;
  const store = options.readOnly ? null : createLastGoodStore(dataDir, { maxBytes: limits.dataFileBytes, log, collect: collectGarbage });
  const live = liveSources(config, { dataDir, clock, log, fetch: options.fetch, lastSave: () => state.lastSave });

  // Weekly events: each pull records, besides play time and deaths, only the stats the running
  // (and, on a week's first pull, the closing) event needs, with the week's choice, so the log
  // stays small and a finished event keeps its stat whatever the configuration says later.
  const eventPool = config.events?.pool;
  const eventSchedule = eventScheduleOf(config);

  const limitStore = rateLimitStore(config, log);
  const png = pngRenderer(config, options.renderPng, log);
  const routerOptions: RouterOptions = {
    snapshot: () => state.current,
    record: () => (state.recordLog && state.recordLog.record.recordingSince !== null ? state.recordLog.record : null),
    statHistory: () => {
      const history = servedHistory(state);
      return history === null ? null : [history];
    },
    ...(live.status ? { status: hideFromStatus(live.status, () => state.hidden) } : {}),
    ...(live.mods ? { mods: live.mods } : {}),
    ...(live.modpack ? { modpack: live.modpack } : {}),
    readRecipes: (uuid) => readServedRecipes(state.recipes, uuid),
    ...configRouterOptions(config, { options, clock, log, live, limitStore, png }),
    health: () => ({ startedAt, lastSuccessAt: state.lastSuccessAt, lastErrorAt: state.lastErrorAt, nextPullAt: pulls.nextPullAt(), problems: healthProblems(state, source.display, limitStore?.status) }),
  };
  const router = createRouter(routerOptions);
  // The collection after a pull waits for a moment without requests (see idleCollector).
  // A network's server leaves its deferred writes to the network's (see `deferTo`).
  const collector = options.deferTo ? deferringTo(idleCollector(), options.deferTo) : idleCollector();
  // snapshot.json is written at the quiet moment after a pull, with a full collection as it
  // begins and one asked for once it is on disk (see createSnapshotPersister's `begin`).
  const persister =
    options.readOnly || options.buildSnapshot === false
      ? null
      : createSnapshotPersister({ path: join(dataDir, SNAPSHOT_FILE), serverRoot: source.display, playersRules: playerRulesKey(config), log, begin: (start) => collector.defer(start), beforeWrite: collectGarbage, afterWrite: () => collector.request(), everyMs: config.schedule?.persist ?? DEFAULT_PERSIST_MS, clock });
  const logged = touching(withRequestLog(router, log), collector);

  const pullContext: PullContext = {
    config,
    serverDir,
    source,
    dataDir,
    clock,
    log,
    cache: createParseCache(),
    workers: options.workers ?? createParseWorkerPool(),
    watch: config.schedule?.watch === false ? null : createSaveWatch({ clock, ...(config.schedule?.full_scan !== undefined ? { fullScanEveryMs: config.schedule.full_scan } : {}) }),
    live,
    limits,
    store,
    persister,
    eventConfig: {
      timeZone: config.time_zone ?? 'UTC',
      pool: eventPool ?? DEFAULT_EVENT_POOL,
      ...(eventSchedule ? { schedule: eventSchedule } : {}),
    },
    options,
    prepare: sharedPreparer(routerOptions, log),
    collector,
  };
  // A pull asked for resolves once its snapshot is also on disk when it wrote it (at most once
  // per `schedule.persist`: the write then begins at once, not at the quiet moment). The pull
  // itself ends (and logs) before: the next one may start while the persister still writes.
  const pulls = createPullScheduler({
    run: () => runPull(state, pullContext),
    settle: async () => {
      persister?.hurry();
      await persister?.idle();
    },
    refreshMs,
    clock,
  });
  let started = false;
  let http: Server | null = null;
  let dataDirLock: DataDirLock | null = null;

  async function start(): Promise<void> {
    if (started) return;
    // First: a second process recording into the same directory would miss the pulls of the
    // other (each appends to its own view of the record); it refuses to start instead. Then the
    // temporary files of a write killed mid-way (snapshot.json, the live caches) go.
    dataDirLock = await openDataDir(dataDir, { readOnly: options.readOnly, clock, log });
    started = true;
    // Before the first pull's full collection: see keepTickObjectShapes.
    await keepTickObjectShapes();
    if (store) state.storedPlayers = await store.open();
    if (options.buildSnapshot !== false) await restoreSnapshot();
    else if (!options.readOnly) await removeStaleSnapshot(dataDir, log);
    // Never throws: damaged lines and unreadable files are warnings (an append then says why it cannot).
    state.recordLog = await openRecord(dataDir, { maxFileBytes: limits.dataFileBytes });
    for (const warning of state.recordLog.warnings) log.log('warn', 'record_warning', { ...warning });
    void openHistory();
    if (!options.manualPulls) pulls.schedule(0);
  }

  /** The snapshot.json of the last run, served until the first pull (as that run served it). */
  async function restoreSnapshot(): Promise<void> {
    try {
      const stored = await readStoredSnapshot(join(dataDir, SNAPSHOT_FILE), source.display, playerRulesKey(config), limits.dataFileBytes);
      if (stored && state.current === null) {
        const persisted = stored.snapshot;
        state.current = persisted;
        state.lastSuccessAt = Date.parse(persisted.data_updated_at);
        // Answered as the pull that wrote it did: recipes, the status's hidden players, health.
        if (stored.served) {
          state.recipes = recipeSourceOfStored(stored.served);
          state.hidden = new Set(stored.served.hidden);
          state.unreadable = stored.served.unreadable;
        }
        log.log('info', 'snapshot_loaded', { data_updated_at: persisted.data_updated_at, players: persisted.players.length, served: stored.served !== null });
      }
    } catch (error) {
      log.log('warn', 'snapshot_load_failed', { error: errorMessage(error) });
    }
  }

  async function loadRecordReadOnly(): Promise<void> {
    const { record, warnings } = await loadRecord(dataDir, { maxFileBytes: limits.dataFileBytes });
    for (const warning of warnings) log.log('warn', 'record_warning', { ...warning });
    // Shaped like an opened log; the read-only flag keeps pulls from ever appending to it.
    state.recordLog = { dataDir, record, warnings, tail: null };
    // The one-shot commands (`top --period`) answer once it is read.
    await openHistory();
  }

  /**
   * The stat history beside the record (issue 41), read in the background: a year takes seconds,
   * and the server answers meanwhile (period answers with a 503 and Retry-After; the first
   * pull's record phase waits for it). Its warnings logged, never fatal.
   */
  function openHistory(): Promise<void> {
    const began = Date.now();
    const loading = openStatHistory(dataDir, { timeZone: config.time_zone ?? 'UTC', maxFileBytes: limits.dataFileBytes })
      .then((opened) => {
        state.historyLog = opened;
        for (const warning of opened.warnings) log.log('warn', 'history_warning', { ...warning });
        log.log('info', 'history_loaded', { days: opened.history.days().length, players: opened.history.uuids.length, ms: Date.now() - began });
      })
      .catch((error: unknown) => log.log('warn', 'history_failed', { error: errorMessage(error) }))
      .finally(() => {
        if (state.historyLoading === loading) state.historyLoading = null;
      });
    state.historyLoading = loading;
    return loading;
  }

  async function close(closeOptions: { graceMs?: number } = {}): Promise<void> {
    if (state.closing) return;
    state.closing = true;
    pulls.stop();
    collector.cancel();
    live.skins?.close();
    pullContext.watch?.close();
    // A running pull is told to stop reading (it resolves at once, its reading winds down);
    // one about to publish finishes, so its record line is flushed.
    state.stopPull?.(new Error('the server is shutting down'));
    source.cancelAhead?.(new Error('the server is shutting down'));
    const graceMs = closeOptions.graceMs ?? 10_000;
    const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
    const settle = async (): Promise<void> => {
      await pulls.running();
      // The last good readings a pull left for a quiet moment are written now (see idleCollector).
      collector.cancel();
      await Promise.all([store?.idle(), persister?.flush(), state.historyWriting, ...state.abandoned]);
    };
    await Promise.all([http ? closeGracefully(http, graceMs) : Promise.resolve(), Promise.race([settle(), grace])]);
    // Past the grace, the last good readings still being written stop after the files in hand:
    // nothing writes into the data directory once close() has returned.
    store?.stop();
    await store?.idle();
    source.close?.();
    await Promise.all([limitStore?.close(), options.workers ? undefined : pullContext.workers.close(), png?.close()]);
    await dataDirLock?.release();
  }

  return {
    router,
    fetch: logged.fetch,
    pull: pulls.pull,
    prepareAhead: () => source.prepareAhead?.(),
    start,
    loadRecord: loadRecordReadOnly,
    async listen(listenOptions = {}) {
      if (http) throw new Error('already listening');
      const listening = await listenReference(logged, config, { log, clock }, listenOptions);
      http = listening.server;
      return listening;
    },
    close,
    snapshot: () => state.current,
    record: () => state.recordLog?.record ?? null,
    lastSave: () => state.lastSave,
    statHistory: () => servedHistory(state),
    historyReady: async () => {
      await state.historyLoading;
    },
    live,
    health: () => ({
      startedAt,
      lastSuccessAt: state.lastSuccessAt,
      lastErrorAt: state.lastErrorAt,
      nextPullAt: pulls.nextPullAt(),
      lastError: state.lastError,
      pulls: state.pulls,
      problems: healthProblems(state, source.display, limitStore?.status),
      abandoned: state.abandoned.size,
    }),
  };
}
