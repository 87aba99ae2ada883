import type { Server } from 'node:http';
import type { ActivityRecord, SaveData, Snapshot, StatHistory } from '@blockstats/core';
import type { ParseWorkerPool } from '@blockstats/core/node';
import type { LiveSources } from './liveSources.js';
import type { BlockstatsRouter } from '../router/createRouter.js';
import type { HealthReason, HealthState, RouterOptions } from '../router/RouterOptions.js';
import type { SiteOptions } from '../site/SiteOptions.js';
import type { ReferenceConfigFile } from './configSchema.js';
import type { Logger } from './logger.js';
import type { IdleCollector } from './idleCollector.js';

/** The configuration the reference server runs with: the file's keys, with the two paths required. */
export interface ReferenceServerConfig extends ReferenceConfigFile {
  /** Minecraft server directory (server root or world folder), or `sftp://user@host:port/path`. */
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
   * Starts the timer of a pull's time budget (`limits.pull_timeout`): calls `expire` after `ms`
   * and returns what cancels it. Default: an unref'd `setTimeout`.
   */
  pullTimer?: (expire: () => void, ms: number) => () => void;
  /**
   * Website options beyond the configuration file's `site` keys (`blockstats export` asks for
   * `staticExport`). Ignored when the configuration switches the site off.
   */
  site?: SiteOptions;
  /**
   * Renders SVG to PNG (the PNG card, link previews). Default: a `createPngPool` configured by
   * the `png` keys (worker threads, started on the first render); null for none.
   */
  renderPng?: RouterOptions['renderPng'] | null;
  /**
   * Read-only use (the offline CLI): pulls neither append to the record nor persist the
   * snapshot nor look up skins; `loadRecord()` gives the router the record as it is on disk.
   */
  readOnly?: boolean;
  /** Where an `sftp://` save is mirrored. Default `<data_dir>/sftp-mirror` (the offline CLI gives a cache folder). */
  mirrorDir?: string;
  /** Environment the `sftp` secrets are read from. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /** `start()` schedules no pulls: the caller drives `pull()` (a network pulls its servers together). */
  manualPulls?: boolean;
  /**
   * How long an `sftp://` save's connection stays open after a pull for the next one (ms), ended
   * at `close()`. Default: twice the refresh interval for a server that schedules its pulls, 0
   * (closed after each pull) for `manualPulls` or `readOnly` (one-shot commands).
   */
  sftpKeepOpenMs?: number;
  /**
   * False: a pull reads the save (keeping last good data), records it and refreshes the live
   * sources, but builds no snapshot, serves none and writes no snapshot.json, and leaves the
   * collection after it to the caller: one server of a network, whose view the network builds
   * from `lastSave()` with the others'. Default true.
   */
  buildSnapshot?: boolean;
  /**
   * The parse worker threads the pulls use, shared with other servers of the same process (a
   * network's, pulled one after the other) and closed by whoever made them. Default: a pool of
   * the server's own, closed with it.
   */
  workers?: ParseWorkerPool;
  /**
   * Where the server's pulls leave what waits for a quiet moment (the players' last good
   * readings): one server of a network gives them to the network, which holds them until its
   * pull is over and then to its idle collector, so they are written once no request comes, not
   * in the middle of the pull (a server's own collector ran them a second after its read, while
   * the network read the next servers and built). Default: the server's own idle collector.
   */
  deferTo?: Pick<IdleCollector, 'defer'>;
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
  /** Why health is degraded besides the data's age (what `/v1/health` lists in `reasons`). */
  problems: HealthReason[];
  /** Pulls given up on whose reading has not stopped yet (stuck in the file system). */
  abandoned: number;
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
   * keeps the last good snapshot and shows in the health state. Resolves once the snapshot is
   * also written to the data directory when this pull writes it (after the pull, off its
   * critical path: `durationMs` and the `pull` log line end at the swap and the record; at most
   * once per `schedule.persist`, else at `close()`).
   */
  pull(): Promise<PullResult>;
  /**
   * Starts the next pull's sync of a remote (SFTP) save now, in the background, for that pull
   * to take over; nothing for a local save. A network calls it on its remote servers before it
   * pulls its servers in turn, so their syncs wait on the network while the others are read.
   */
  prepareAhead?(): void;
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
   * Graceful stop: no new connections, in-flight requests finish, a running pull stops reading
   * (one already publishing finishes: its record line is flushed), background lookups stop.
   * Connections still open after `graceMs` (default 10 s) are cut, and nothing is waited on
   * longer than that (a reading stuck in the file system is left behind: see `health().abandoned`).
   * The snapshot served is written to the data directory first if it is not yet.
   */
  close(options?: { graceMs?: number }): Promise<void>;
  /** The snapshot currently served, or null before the first good pull. */
  snapshot(): Snapshot | null;
  /** The activity record, or null before it is opened or when it could not be. */
  record(): ActivityRecord | null;
  /** The save of the last good pull of this process, or null before one (a network merges it). */
  lastSave(): SaveData | null;
  /**
   * The stat history (period boards), or null before it holds a day (a network sums its servers').
   * Throws a 503 `unavailable` ApiError (with Retry-After) while it is read after a start.
   */
  statHistory(): StatHistory | null;
  /**
   * Resolves once the stat history `start()` reads in the background is in (at once when it is
   * not being read). A server's own; a network's has none (each server reads its own).
   */
  historyReady?(): Promise<void>;
  /** The live sources the configuration asks for (a network serves a backend's under `?server=`). */
  readonly live: LiveSources;
  health(): ReferenceHealth;
}
