import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import {
  buildSnapshot,
  createParseCache,
  loadRecord,
  openRecord,
  eventCounters,
  pullCounters,
  readRecipeUnlocks,
  readSave,
  recordPull,
  SaveError,
  type ActivityRecord,
  type PlayerSave,
  type RecordLog,
  type SaveData,
  type Snapshot,
} from '@blockstats/core';
import { createModrinthClient } from '../live/createModrinthClient.js';
import { createModrinthModpack } from '../live/createModrinthModpack.js';
import { createModrinthMods, type ModrinthMods } from '../live/createModrinthMods.js';
import { createSkinCache, type SkinCache } from '../live/createSkinCache.js';
import { createStatusPinger } from '../live/createStatusPinger.js';
import type { ModJar, ModpackSource, StatusSource } from '../live/types.js';
import { toNodeListener } from '../node/toNodeListener.js';
import type { RawRequest, RawResponse } from '../router/CachedAnswer.js';
import { createRouter, type BlockstatsRouter } from '../router/createRouter.js';
import type { HealthState } from '../router/RouterOptions.js';
import { collectGarbage } from './collectGarbage.js';
import type { ReferenceConfigFile } from './configSchema.js';
import { DEFAULT_EVENT_POOL } from './defaultEventPool.js';
import { keepLastGood, suspiciousSave } from './keepLastGood.js';
import { silentLogger, type Logger } from './logger.js';
import { readSnapshotFile, SNAPSHOT_FILE, writeSnapshotFile } from './snapshotFile.js';

/** The configuration the reference server runs with: the file's keys, with the two paths required. */
export interface ReferenceServerConfig extends ReferenceConfigFile {
  /** Minecraft server directory (server root or world folder). */
  server_dir: string;
  /** Data directory: record, caches, last snapshot. Never inside the save. */
  data_dir: string;
}

/** Capabilities the reference server takes from outside (tests inject them). */
export interface ReferenceServerOptions {
  /** Epoch ms. Default `Date.now`. */
  clock?: () => number;
  /** Structured log lines. Default: none. */
  log?: Logger;
  /** Randomness for the random endpoints. Default `Math.random`. */
  random?: () => number;
  /** fetch used for Modrinth and skin lookups. Default the global one. */
  fetch?: typeof globalThis.fetch;
  /** Called while a pull reads the save: `done` of `total` files. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Read-only use (the offline CLI): pulls neither append to the record nor persist the
   * snapshot nor look up skins; `loadRecord()` gives the router the record as it is on disk.
   */
  readOnly?: boolean;
}

/** What one pull did. */
export interface PullResult {
  ok: boolean;
  /** When the pull started (epoch ms): the snapshot's `data_updated_at`. */
  at: number;
  durationMs: number;
  /** Players in the new snapshot (0 on failure). */
  players: number;
  /** Warnings of the new snapshot: files skipped or only partly read. */
  warnings: number;
  /** Player files unreadable at this pull whose last good data was kept. */
  kept: number;
  /** Generation of the snapshot now served (unchanged on failure). */
  generation: string | null;
  /** True when the served snapshot's generation changed. */
  changed: boolean;
  /** True when the pull was appended to the activity record. */
  recorded: boolean;
  /** Why the pull failed; null on success. */
  error: string | null;
  /** What was thrown when the pull failed (a `SaveError` for an unreadable save); null on success. */
  cause: unknown;
}

/** The regeneration job's state (`/v1/health` reads it). */
export interface ReferenceHealth extends Required<HealthState> {
  /** Message of the last failed pull, or null when the last pull succeeded. */
  lastError: string | null;
  /** Pulls since start. */
  pulls: number;
}

/** A listening HTTP server. */
export interface Listening {
  url: string;
  port: number;
  server: Server;
}

/** The reference server: the router plus everything that keeps its data current. */
export interface ReferenceServer {
  /** The /v1 router, reading this server's current snapshot. */
  readonly router: BlockstatsRouter;
  /** The router's fetch with one log line per request. */
  fetch(request: Request, ...extra: unknown[]): Promise<Response>;
  /**
   * Re-reads the save (changed files only), appends to the record, rebuilds the snapshot and
   * swaps it in. A pull already running is shared, never overlapped. Never rejects: a failure
   * keeps the last good snapshot and shows in the health state.
   */
  pull(): Promise<PullResult>;
  /**
   * Loads the persisted snapshot (served at once), opens the record and starts the schedule:
   * a first pull now, then one every `schedule.refresh`.
   */
  start(): Promise<void>;
  /** Loads the record read-only (no lock, no writes) for the router: the offline CLI's view. */
  loadRecord(): Promise<void>;
  /** Serves the router over node:http. */
  listen(options?: { host?: string; port?: number }): Promise<Listening>;
  /**
   * Graceful stop: no new connections, in-flight requests finish, a running pull finishes (its
   * record line is flushed), background lookups stop. Connections still open after `graceMs`
   * (default 10 s) are cut.
   */
  close(options?: { graceMs?: number }): Promise<void>;
  /** The snapshot currently served, or null before the first good pull. */
  snapshot(): Snapshot | null;
  /** The activity record, or null before it is opened or when it could not be. */
  record(): ActivityRecord | null;
  health(): ReferenceHealth;
}

/** DECISIONS: statistics are copied off the game server every 15 minutes. */
export const DEFAULT_REFRESH_MS = 15 * 60 * 1000;

/** Identity of a mods folder's content, to notice added, removed or replaced jars. */
function jarsKey(jars: readonly ModJar[]): string {
  return jars.map((jar) => `${jar.file}:${jar.sha1}`).join('\n');
}

/** The process's memory after a pull, in MB, for the pull's log line. */
function memoryFigures(): { rss_mb: number; heap_used_mb: number; heap_total_mb: number; external_mb: number } {
  const usage = process.memoryUsage();
  const mb = (bytes: number): number => Math.round(bytes / 1048576);
  return { rss_mb: mb(usage.rss), heap_used_mb: mb(usage.heapUsed), heap_total_mb: mb(usage.heapTotal), external_mb: mb(usage.external) };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

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
  const serverDir = resolve(config.server_dir);
  const dataDir = resolve(config.data_dir);
  const snapshotPath = join(dataDir, SNAPSHOT_FILE);
  const refreshMs = config.schedule?.refresh ?? DEFAULT_REFRESH_MS;
  const startedAt = clock();
  const report = (event: string) => (error: Error) => log.log('warn', event, { error: error.message });

  // Weekly events: each pull records, besides play time and deaths, only the stats the running
  // (and, on a week's first pull, the closing) event needs, with the week's choice, so the log
  // stays small and a finished event keeps its stat whatever the configuration says later.
  const eventPool = config.events?.pool;
  const eventSchedule = config.events?.schedule
    ? Object.fromEntries(Object.entries(config.events.schedule).map(([week, id]) => [Number(week), id]))
    : undefined;
  const eventConfig = {
    timeZone: config.time_zone ?? 'UTC',
    pool: eventPool ?? DEFAULT_EVENT_POOL,
    ...(eventSchedule ? { schedule: eventSchedule } : {}),
  };

  // Live capabilities, from the configuration.
  const javaStatus = config.status?.java !== undefined ? config.status.java : config.addresses?.java ?? null;
  const bedrockStatus = config.status?.bedrock !== undefined ? config.status.bedrock : config.addresses?.bedrock ?? null;
  const status: StatusSource | undefined = javaStatus || bedrockStatus
    ? createStatusPinger({
      java: javaStatus,
      bedrock: bedrockStatus,
      ...(config.status?.timeout !== undefined ? { timeoutMs: config.status.timeout } : {}),
      ...(config.status?.cache !== undefined ? { cacheMs: config.status.cache } : {}),
      ...(config.status?.srv !== undefined ? { srv: config.status.srv } : {}),
      clock,
    })
    : undefined;
  let mods: ModrinthMods | undefined;
  let modpack: ModpackSource | undefined;
  if (config.modrinth?.enabled !== false) {
    const client = createModrinthClient({
      clock,
      ...(config.modrinth?.api_url ? { baseUrl: config.modrinth.api_url } : {}),
      ...(config.modrinth?.user_agent ? { userAgent: config.modrinth.user_agent } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    mods = createModrinthMods({
      dataDir,
      client,
      clock,
      // Until the first pull has read mods/ the jars are unknown: a refresh then fails (503 for
      // now) instead of saving a list without them for hours; each pull refreshes when they change.
      modsFolderJars: () => {
        if (!lastSave) throw new Error('the mods folder has not been read yet');
        return lastSave.mods;
      },
      ...(config.modrinth?.extra_slugs ? { slugs: config.modrinth.extra_slugs } : {}),
      ...(config.modrinth?.refresh !== undefined ? { refreshMs: config.modrinth.refresh } : {}),
      onError: report('mods_refresh_failed'),
    });
    if (config.modrinth?.modpack) {
      modpack = createModrinthModpack({ project: config.modrinth.modpack, client, clock, onError: report('modpack_read_failed') });
    }
  }
  const skins: SkinCache | null = config.skins?.enabled === false
    ? null
    : createSkinCache({
      dataDir,
      clock,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(config.modrinth?.user_agent ? { userAgent: config.modrinth.user_agent } : {}),
      ...(config.skins?.rate_per_minute !== undefined ? { ratePerMinute: config.skins.rate_per_minute } : {}),
      ...(config.skins?.refresh_days !== undefined ? { refreshDays: config.skins.refresh_days } : {}),
      ...(config.skins?.session_server_url ? { sessionServerUrl: config.skins.session_server_url } : {}),
      ...(config.skins?.geyser_url ? { geyserUrl: config.skins.geyser_url } : {}),
      onError: report('skin_lookup_failed'),
    });

  // State. `current` is replaced whole, never mutated: a request holds the snapshot it started with.
  const cache = createParseCache();
  let current: Snapshot | null = null;
  let lastSave: SaveData | null = null;
  let lastGood: Map<string, PlayerSave> | null = null;
  let lastJars: string | null = null;
  let recordLog: RecordLog | null = null;
  let lastSuccessAt: number | null = null;
  let lastErrorAt: number | null = null;
  let lastError: string | null = null;
  let nextPullAt: number | null = null;
  let pulls = 0;
  let running: Promise<PullResult> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let closing = false;
  let http: Server | null = null;

  const rateLimit = config.rate_limit?.requests === 0
    ? false as const
    : {
      ...(config.rate_limit?.requests !== undefined ? { limit: config.rate_limit.requests } : {}),
      ...(config.rate_limit?.window !== undefined ? { windowSeconds: Math.max(1, Math.round(config.rate_limit.window / 1000)) } : {}),
    };

  const router = createRouter({
    snapshot: () => current,
    record: () => (recordLog && recordLog.record.recordingSince !== null ? recordLog.record : null),
    ...(status ? { status } : {}),
    ...(mods ? { mods } : {}),
    ...(modpack ? { modpack } : {}),
    readRecipes: async (uuid) => {
      if (!lastSave) return null;
      try {
        return await readRecipeUnlocks(lastSave, uuid);
      } catch (error) {
        if (error instanceof SaveError && error.code === 'UNKNOWN_PLAYER') return null;
        throw error;
      }
    },
    clock,
    ...(options.random ? { random: options.random } : {}),
    rateLimit,
    ...(config.trusted_proxies ? { trustedProxies: config.trusted_proxies } : {}),
    ...(config.base_url ? { baseUrl: config.base_url } : {}),
    ...(config.problem_base ? { problemBase: config.problem_base } : {}),
    events: {
      ...(eventPool ? { pool: eventPool } : {}),
      ...(eventSchedule ? { schedule: eventSchedule } : {}),
    },
    health: () => ({ startedAt, lastSuccessAt, lastErrorAt, nextPullAt }),
    onError: (error, request) => {
      log.log('error', 'internal_error', { method: request.method, path: new URL(request.url).pathname, error: errorMessage(error) });
    },
  });

  async function fetch(request: Request, ...extra: unknown[]): Promise<Response> {
    const begin = performance.now();
    const response = await router.fetch(request, ...extra);
    const url = new URL(request.url);
    const path = `${url.pathname}${url.search}`;
    log.log('info', 'request', {
      method: request.method,
      path: path.length > 200 ? `${path.slice(0, 200)}…` : path,
      status: response.status,
      ms: Math.round((performance.now() - begin) * 10) / 10,
    });
    return response;
  }

  /** The router's memo fast lane, with the same request log line as `fetch`. */
  function answerCached(request: RawRequest): RawResponse | null {
    const begin = performance.now();
    const answer = router.answerCached(request);
    if (answer) {
      const path = request.target;
      log.log('info', 'request', {
        method: request.method,
        path: path.length > 200 ? `${path.slice(0, 200)}…` : path,
        status: answer.status,
        ms: Math.round((performance.now() - begin) * 10) / 10,
      });
    }
    return answer;
  }

  async function onlineNow(): Promise<number | null> {
    if (!status) return null;
    try {
      const live = await status.status();
      return live.online ? live.players_online : null;
    } catch {
      return null;
    }
  }

  async function runPull(): Promise<PullResult> {
    const at = clock();
    const begin = performance.now();
    const previousGeneration = current?.generation ?? null;
    const { misses: parsedBefore, hits: reusedBefore } = cache.stats();
    pulls++;
    try {
      const [read, online] = await Promise.all([
        readSave(serverDir, {
          cache,
          ...(config.schedule?.read_threads !== undefined ? { threads: config.schedule.read_threads } : {}),
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        }),
        onlineNow(),
      ]);
      const suspicious = suspiciousSave(lastSave, read);
      if (suspicious) throw new Error(suspicious);
      const { save, kept, lastGood: good } = keepLastGood(read, lastGood);
      // The read's garbage (directory listings, file stats) goes before the build allocates a
      // second snapshot beside the one being served.
      collectGarbage();
      const snapshot = buildSnapshot(save, {
        now: at,
        ...(config.ranking?.min_playtime_minutes !== undefined ? { minPlaytimeMinutes: config.ranking.min_playtime_minutes } : {}),
        ...(config.ranking?.inactive_days !== undefined ? { inactiveDays: config.ranking.inactive_days } : {}),
        ...(config.ranking?.crown_weights ? { crownWeights: config.ranking.crown_weights } : {}),
        ...(config.feed_size !== undefined ? { feedSize: config.feed_size } : {}),
        ...(config.profile_url_template ? { profileUrlTemplate: config.profile_url_template } : {}),
        ...(config.icon_url_template !== undefined ? { iconUrlTemplate: config.icon_url_template } : {}),
        ...(config.time_zone ? { timeZone: config.time_zone } : {}),
        ...(skins ? { skins: (uuid: string) => skins.skinHash(uuid) } : {}),
        server: {
          ...(config.name ? { name: config.name } : {}),
          ...(config.short_name ? { short_name: config.short_name } : {}),
          addresses: { java: config.addresses?.java ?? null, bedrock: config.addresses?.bedrock ?? null },
        },
      });

      // The swap: one assignment, so every request sees the old snapshot or the new one.
      current = snapshot;
      lastSave = save;
      lastGood = good;
      lastSuccessAt = at;
      lastError = null;

      let recorded = false;
      if (recordLog && !options.readOnly) {
        try {
          const { statIds, event } = eventCounters(recordLog.record, { ...eventConfig, at });
          await recordPull(recordLog, { at, online, counters: pullCounters(save.players, statIds), event });
          recorded = true;
        } catch (error) {
          log.log('warn', 'record_failed', { error: errorMessage(error) });
        }
      }
      if (!options.readOnly) {
        try {
          await writeSnapshotFile(snapshotPath, serverDir, snapshot);
        } catch (error) {
          log.log('warn', 'snapshot_persist_failed', { error: errorMessage(error) });
        }
      }
      if (skins && !closing && !options.readOnly) void skins.refresh(save.players.map((p) => ({ uuid: p.uuid, edition: p.edition })));
      if (mods && !closing && !options.readOnly) {
        // The mod list is kept current by the pulls, not only by requests, so it is saved (and
        // survives a restart with Modrinth down) even if nobody asked yet: at once when the jars
        // changed (or after a start; a failure is retried at the next pull), otherwise once it is
        // older than `modrinth.refresh`.
        const jars = jarsKey(save.mods);
        if (jars !== lastJars) {
          lastJars = jars;
          void mods.refresh().then((ok) => {
            if (!ok && lastJars === jars) lastJars = null;
          });
        } else {
          void mods.mods();
        }
      }

      const result: PullResult = {
        ok: true,
        at,
        durationMs: Math.round(performance.now() - begin),
        players: snapshot.players.length,
        warnings: snapshot.warnings.length,
        kept: kept.length,
        generation: snapshot.generation,
        changed: snapshot.generation !== previousGeneration,
        recorded,
        error: null,
        cause: null,
      };
      // The previous snapshot and the pull's garbage go now, not when V8's heap has grown to a
      // few times the live data (see collectGarbage).
      collectGarbage();
      const cacheStats = cache.stats();
      log.log(snapshot.warnings.length > 0 ? 'warn' : 'info', 'pull', {
        ok: true,
        duration_ms: result.durationMs,
        players: result.players,
        changed: result.changed,
        generation: result.generation,
        recorded,
        online,
        files_parsed: cacheStats.misses - parsedBefore,
        files_reused: cacheStats.hits - reusedBefore,
        kept: kept.length,
        warnings: snapshot.warnings.length,
        ...memoryFigures(),
        ...(snapshot.warnings.length > 0 ? { warning_list: snapshot.warnings.slice(0, 20).map((w) => `${w.file}: ${w.reason}`) } : {}),
      });
      return result;
    } catch (error) {
      lastErrorAt = at;
      lastError = errorMessage(error);
      const result: PullResult = {
        ok: false,
        at,
        durationMs: Math.round(performance.now() - begin),
        players: 0,
        warnings: 0,
        kept: 0,
        generation: current?.generation ?? null,
        changed: false,
        recorded: false,
        error: lastError,
        cause: error,
      };
      log.log('error', 'pull', {
        ok: false,
        duration_ms: result.durationMs,
        error: lastError,
        serving: current ? current.data_updated_at : null,
      });
      return result;
    }
  }

  function pull(): Promise<PullResult> {
    running ??= runPull().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(delay: number): void {
    if (closing) return;
    nextPullAt = clock() + delay;
    timer = setTimeout(() => {
      timer = null;
      const begin = clock();
      void pull().then(() => {
        // Next pull one interval after this one began; never two at once.
        schedule(Math.max(0, begin + refreshMs - clock()));
      });
    }, delay);
    timer.unref();
  }

  async function start(): Promise<void> {
    if (started) return;
    started = true;
    try {
      const persisted = await readSnapshotFile(snapshotPath, serverDir);
      if (persisted && current === null) {
        current = persisted;
        lastSuccessAt = Date.parse(persisted.data_updated_at);
        log.log('info', 'snapshot_loaded', { data_updated_at: persisted.data_updated_at, players: persisted.players.length });
      }
    } catch (error) {
      log.log('warn', 'snapshot_load_failed', { error: errorMessage(error) });
    }
    try {
      recordLog = await openRecord(dataDir);
      for (const warning of recordLog.warnings) log.log('warn', 'record_warning', { ...warning });
    } catch (error) {
      log.log('error', 'record_open_failed', { error: errorMessage(error) });
    }
    schedule(0);
  }

  async function loadRecordReadOnly(): Promise<void> {
    const { record, warnings } = await loadRecord(dataDir);
    for (const warning of warnings) log.log('warn', 'record_warning', { ...warning });
    // Shaped like an opened log; the read-only flag keeps pulls from ever appending to it.
    recordLog = { dataDir, record, warnings, tail: null };
  }

  async function listen(listenOptions: { host?: string; port?: number } = {}): Promise<Listening> {
    if (http) throw new Error('already listening');
    const server = createServer(toNodeListener(fetch, { answerCached }));
    server.keepAliveTimeout = 5_000;
    http = server;
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(listenOptions.port ?? 8080, listenOptions.host ?? '0.0.0.0', () => {
        server.off('error', fail);
        done();
      });
    });
    const address = server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const shown = host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host;
    return { url: `http://${shown}:${address.port}`, port: address.port, server };
  }

  async function close(closeOptions: { graceMs?: number } = {}): Promise<void> {
    if (closing) return;
    closing = true;
    if (timer) clearTimeout(timer);
    timer = null;
    nextPullAt = null;
    skins?.close();
    const server = http;
    const stopped = server
      ? new Promise<void>((done) => {
        server.close(() => done());
        // Idle keep-alive connections would hold close() open; busy ones finish their response.
        server.closeIdleConnections();
        server.on('request', (_req, res) => res.setHeader('connection', 'close'));
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        sweep.unref();
        const cut = setTimeout(() => server.closeAllConnections(), closeOptions.graceMs ?? 10_000);
        cut.unref();
        server.once('close', () => {
          clearInterval(sweep);
          clearTimeout(cut);
        });
      })
      : Promise.resolve();
    await Promise.all([stopped, running ?? Promise.resolve()]);
  }

  return {
    router,
    fetch,
    pull,
    start,
    loadRecord: loadRecordReadOnly,
    listen,
    close,
    snapshot: () => current,
    record: () => recordLog?.record ?? null,
    health: () => ({ startedAt, lastSuccessAt, lastErrorAt, nextPullAt, lastError, pulls }),
  };
}
