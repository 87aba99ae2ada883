import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { SaveError, type ActivityRecord, type Snapshot } from '@blockstats/core';
import { ConfigError, createReferenceServer, defaultDataDir, loadConfig, type ReferenceConfigFile, type ReferenceServer } from '@blockstats/server/reference';
import type { SiteOptions } from '@blockstats/server';
import { demoReading } from './demoReading.js';
import { CliError, EXIT } from './errors.js';
import type { CliIo } from './io.js';
import type { HidingOptions } from './options.js';
import { networkDataDir } from './networkTarget.js';
import { openNetwork, type LocalNetwork } from './openNetwork.js';
import { progressBar } from './progress.js';
import { serverFlags } from './serverFlags.js';

/** Options every command that reads a save takes. */
export interface SaveOptions extends HidingOptions {
  /** One directory, or (query commands, repeatable) several `id=DIR` servers of a network. */
  server?: string | string[];
  /** On a network, the id of the one server to answer for. */
  view?: string;
  config?: string;
  data?: string;
}

/** Where a CLI run reads from and keeps its data. */
export interface Target {
  config: ReferenceConfigFile;
  serverDir: string;
  dataDir: string;
}

/**
 * Where the offline commands mirror an `sftp://` save: a cache folder of their own (never the
 * data directory, which they only read), kept between runs so a query copies only what changed.
 */
export function cliMirrorDir(dataDir: string, env: Record<string, string | undefined>): string {
  const cache = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(env.HOME || homedir(), '.cache');
  return join(cache, 'blockstats', basename(dataDir), 'sftp-mirror');
}

/** Base URL of offline answers when neither `--base-url` nor the configuration gives one. */
export const LOCAL_BASE_URL = 'http://localhost:8080';

/** Loads `--config` (or `$BLOCKSTATS_CONFIG`); an empty configuration when none is given. */
export async function readConfig(options: SaveOptions, io: CliIo): Promise<ReferenceConfigFile> {
  const file = options.config ?? io.env.BLOCKSTATS_CONFIG;
  if (!file) return {};
  try {
    return await loadConfig(isAbsolute(file) ? file : resolve(io.cwd, file));
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message, EXIT.usage);
    throw error;
  }
}

/**
 * The server directory: `--server`, the configuration's `server_dir`, `$BLOCKSTATS_SERVER`, or
 * the current directory; the data directory: `--data`, `data_dir`, or the per-server default.
 */
export async function resolveTarget(options: SaveOptions, io: CliIo, fallbackServer?: () => Promise<string | null>): Promise<Target> {
  const config = withHidingFlags(await readConfig(options, io), options);
  const flags = serverFlags(options.server);
  if (flags.network) throw new CliError('This command takes one server: --server DIR (a network of id=DIR servers is for the query commands).', EXIT.usage);
  const given = flags.dir ?? config.server_dir ?? io.env.BLOCKSTATS_SERVER ?? (fallbackServer ? await fallbackServer() : null) ?? io.cwd;
  // An sftp:// location stays a URL (createReferenceServer validates it; a bad one exits 2).
  const serverDir = /^[a-z][a-z0-9+.-]*:\/\//i.test(given) ? given : resolve(io.cwd, given);
  const dataDir = options.data ? resolve(io.cwd, options.data) : config.data_dir ?? defaultDataDir(serverDir, io.env);
  return { config, serverDir, dataDir };
}

/**
 * The configuration with the hiding flags applied over its `players` section: `--hide` adds to
 * `players.hide`, `--[no-]exclude-banned` and `--[no-]exclude-ops` set the switches.
 */
export function withHidingFlags(config: ReferenceConfigFile, flags: HidingOptions): ReferenceConfigFile {
  const hide = [...(config.players?.hide ?? []), ...(flags.hide ?? [])];
  if (hide.length === 0 && flags.excludeBanned === undefined && flags.excludeOps === undefined) return config;
  return {
    ...config,
    players: {
      ...config.players,
      ...(flags.excludeBanned !== undefined ? { exclude_banned: flags.excludeBanned } : {}),
      ...(flags.excludeOps !== undefined ? { exclude_ops: flags.excludeOps } : {}),
      ...(hide.length > 0 ? { hide } : {}),
    },
  };
}

/** A save read in-process, answered through the real router (no port opened). */
export interface LocalApi {
  target: Target;
  /** The network read (several `--server id=DIR`), or null for one server. */
  network: LocalNetwork | null;
  /** The activity record (loaded with `record: true`); null when none is recorded, and on a network. */
  record(): ActivityRecord | null;
  /** The snapshot answering: one server's, the network's, or (`--view`) one network server's. */
  snapshot: Snapshot;
  baseUrl: string;
  /** One request through the router, as a client of the API (or a browser, given headers) would make it. */
  request(path: string, headers?: Record<string, string>): Promise<Response>;
}

/** Turns a failed read into what the person at the terminal needs to hear. */
export function saveFailure(cause: unknown, message: string | null, serverDir: string): CliError {
  if (cause instanceof SaveError) {
    const hint = cause.code === 'ENOENT' || cause.code === 'NOT_A_SAVE'
      ? '\nGive the Minecraft server directory with --server DIR (or set BLOCKSTATS_SERVER).'
      : '';
    return new CliError(`Cannot read the save: ${cause.message}${hint}`, EXIT.usage);
  }
  const why = message ?? String(cause);
  // A remote save's errors already name it (sftp://user@host:port/path: …).
  return new CliError(why.startsWith(serverDir) ? `Cannot read the save: ${why}` : `Cannot read the save in ${serverDir}: ${why}`, EXIT.failure);
}

/**
 * Reads the save once (with a progress bar on a terminal) and builds the snapshot with the
 * configuration's rules, exactly as `blockstats serve` would; read-only: nothing is written.
 * `record: true` also loads the activity record from the data directory (events, activity).
 */
export async function openLocal(options: SaveOptions & { baseUrl?: string }, io: CliIo, want: { record?: boolean; site?: SiteOptions; network?: boolean } = {}): Promise<LocalApi> {
  const flags = serverFlags(options.server);
  if (flags.network && !want.network) throw new CliError('This command takes one server: --server DIR (a network of id=DIR servers is for the query commands).', EXIT.usage);
  if (flags.network) return openLocalNetwork(flags.servers, flags.given, options, io, want.site, want.record === true);
  if (options.view !== undefined) throw new CliError(`--view ${options.view} picks one server of a network: give the network as --server id=DIR --server id=DIR …`, EXIT.usage);
  const resolved = await resolveTarget(options, io);
  const demo = await demoReading(resolved.serverDir, resolved.dataDir, options.data !== undefined || resolved.config.data_dir !== undefined);
  const target = { ...resolved, dataDir: demo.dataDir };
  const baseUrl = (options.baseUrl ?? target.config.base_url ?? LOCAL_BASE_URL).replace(/\/+$/, '');
  const bar = progressBar(io.stderr, 'Reading save');
  let server: ReferenceServer;
  try {
    server = createReferenceServer(
      {
        ...target.config,
        server_dir: target.serverDir,
        data_dir: target.dataDir,
        // Offline answers: no rate limit; absolute links from --base-url (or the configuration's).
        rate_limit: { requests: 0 },
        base_url: baseUrl,
      },
      { readOnly: true, ...(demo.clock ? { clock: demo.clock } : {}), onProgress: (done, total) => bar.update(done, total), ...(want.site ? { site: want.site } : {}), mirrorDir: cliMirrorDir(target.dataDir, io.env), env: io.env },
    );
  } catch (error) {
    throw new CliError(`Invalid configuration: ${(error as Error).message}`, EXIT.usage);
  }
  const result = await server.pull();
  bar.done();
  if (!result.ok) throw saveFailure(result.cause, result.error, target.serverDir);
  if (want.record && existsSync(target.dataDir)) {
    try {
      await server.loadRecord();
    } catch (error) {
      throw new CliError(`Cannot read the activity record in ${target.dataDir}: ${(error as Error).message}`, EXIT.failure);
    }
  }
  return {
    target,
    network: null,
    record: () => server.record(),
    snapshot: server.snapshot() as Snapshot,
    baseUrl,
    // The router matches on the path alone; links come from the configured base URL.
    request: (path, headers = {}) => server.router.fetch(new Request(new URL(path, 'http://localhost'), { headers: { 'user-agent': 'blockstats-cli', ...headers } })),
  };
}

/** {@link openLocal} on a network: every server's save read, answered for the network or `--view`'s server. */
async function openLocalNetwork(entries: Parameters<typeof openNetwork>[0], given: readonly string[], options: SaveOptions & { baseUrl?: string }, io: CliIo, site?: SiteOptions, history = false): Promise<LocalApi> {
  const config = withHidingFlags(await readConfig(options, io), options);
  const baseUrl = (options.baseUrl ?? config.base_url ?? LOCAL_BASE_URL).replace(/\/+$/, '');
  // The stat histories are where a network `serve` or `record` keeps them.
  const network = await openNetwork(entries, given, { ...config, base_url: baseUrl }, io, site, history ? networkDataDir(options, config, entries, io) : undefined);
  const view = options.view;
  if (view !== undefined && !network.snapshots.has(view)) {
    throw new CliError(`--view ${JSON.stringify(view)} is not a server of this network (its servers: ${network.servers.map((s) => s.id).join(', ')}).`, EXIT.usage);
  }
  const first = network.servers[0]!.dir;
  return {
    target: { config, serverDir: first, dataDir: options.data ? resolve(io.cwd, options.data) : config.data_dir ?? defaultDataDir(first, io.env) },
    network,
    record: () => null,
    snapshot: network.snapshots.get(view ?? '')!,
    baseUrl,
    request: (path, headers = {}) => {
      const url = new URL(path, 'http://localhost');
      // The router's own selection, as an HTTP client would ask: links and pages keep it.
      if (view !== undefined) url.searchParams.set('server', view);
      return network.router.fetch(new Request(url, { headers: { 'user-agent': 'blockstats-cli', ...headers } }));
    },
  };
}
