import { join } from 'node:path';
import type { ReadLimits, SaveWarning } from '@blockstats/core';
import type { Logger } from '../reference/logger.js';
import { connectSftp, type SftpSession } from './connectSftp.js';
import { keptConnection } from './keptConnection.js';
import { listingGuide } from './listingGuide.js';
import { loadMirrorManifest, saveMirrorManifest, type MirrorManifest } from './mirrorManifest.js';
import type { SaveLocation, SftpSaveLocation } from './parseSaveLocation.js';
import { RemoteSaveError } from './RemoteSaveError.js';
import type { SftpSettings } from './sftpSettings.js';
import { startableAhead } from './startableAhead.js';
import { syncMirror } from './syncMirror.js';

/**
 * Where a pull reads the save: a local folder as it is, or a remote one mirrored locally first.
 * One per Minecraft server; a network of servers makes one for each.
 */
export interface SaveSource {
  /** The folder the reader reads (the server directory, or the mirror). */
  readonly dir: string;
  /** What logs, errors and `/v1/health` call the save: its path, or its `sftp://` URL (no secret). */
  readonly display: string;
  /** True for a mirrored save. */
  readonly remote: boolean;
  /**
   * Brings `dir` up to date before a read (nothing for a local folder). Rejects with a
   * {@link RemoteSaveError} when the server cannot be reached or read, leaving `dir` as the last
   * complete sync left it; resolves with the files refused or skipped (the pull's warnings).
   */
  prepare(signal?: AbortSignal): Promise<SaveWarning[]>;
  /**
   * Starts the next `prepare()`'s work now, in the background (a network starts its remote
   * servers' syncs before it reads its local ones: the network's waits and the local reading
   * overlap). The next `prepare()` takes it over, its signal then stopping it. Absent or a no-op
   * for a local folder.
   */
  prepareAhead?(): void;
  /** Stops a sync started ahead and not taken over (shutdown). */
  cancelAhead?(reason: Error): void;
  /** Ends the connection kept open between syncs (shutdown). Absent for a local folder. */
  close?(): void;
}

/** What a mirrored source needs besides its location. */
export interface MirrorOptions {
  settings: SftpSettings;
  /** Folder of the mirror, its manifest and staging (inside the data directory, or a cache). */
  mirrorBase: string;
  limits: ReadLimits;
  log?: Logger;
  /**
   * How long the SFTP connection stays open after a sync for the next one (ms): a scheduled
   * server keeps it past its pull interval and ends it at `close()`. Default 0: closed after
   * each sync (a one-shot command, which must not be kept up by an open connection).
   */
  keepOpenMs?: number;
  /**
   * How often a sync lists every folder once the players' files are known to be saved together
   * (ms; see `listingGuide`); the syncs between list `playerdata/` only. Default one hour.
   */
  fullListingEveryMs?: number;
  /** Milliseconds for `fullListingEveryMs` (tests; `sftpSource` only, not its worker); default `performance.now`. */
  clock?: () => number;
}

/** A local folder: read in place. */
export function localSource(path: string): SaveSource {
  return { dir: path, display: path, remote: false, prepare: async () => [] };
}

let stagingSequence = 0;

/**
 * The mirror's manifest is written when this long passed since its last write, or when this many
 * files changed since then: a manifest older than the mirror only makes a restart copy again
 * the files changed since it was written (their size or time differs from the one it lists), and
 * writing all 30,000 entries of a 10,000-player mirror at every pull took ~100 ms of the pull.
 */
const MANIFEST_EVERY_MS = 60 * 60_000;
const MANIFEST_AFTER_CHANGES = 1000;
/** A full listing at least this often (see `MirrorOptions.fullListingEveryMs`). */
const FULL_LISTING_EVERY_MS = 60 * 60_000;

/**
 * A save on an SFTP server, mirrored into `<mirrorBase>/save` by {@link syncMirror} at each
 * `prepare()`, over a connection kept for `keepOpenMs` after it (see {@link keptConnection}),
 * else opened for it and closed after. Only what changed is copied.
 *
 * @example
 * const source = sftpSource(location, { settings, mirrorBase: '/var/lib/blockstats/sftp', limits: DEFAULT_READ_LIMITS });
 * await source.prepare();
 * await readSave(source.dir);
 */
export function sftpSource(location: SftpSaveLocation, options: MirrorOptions): SaveSource {
  const mirrorDir = join(options.mirrorBase, 'save');
  const manifestPath = join(options.mirrorBase, 'manifest.json');
  let manifest: MirrorManifest | null = null;
  /** When the manifest was last written (performance.now), and the files copied or removed since. */
  let written = -Infinity;
  let unwritten = 0;
  const guide = listingGuide({ fullEveryMs: options.fullListingEveryMs ?? FULL_LISTING_EVERY_MS, clock: options.clock ?? (() => performance.now()) });
  const connection = keptConnection({
    connect: (signal) => connectSftp({ location, credentials: options.settings.credentials, hostKeys: options.settings.hostKeys, timeoutMs: options.settings.timeoutMs, ...(signal ? { signal } : {}) }),
    idleMs: options.keepOpenMs ?? 0,
  });
  /** One sync over `session`; on any failure the manifest is read again at the next. */
  async function syncOver(session: SftpSession, reused: boolean, begin: number, signal: AbortSignal | undefined): Promise<SaveWarning[]> {
    try {
      manifest ??= await loadMirrorManifest(manifestPath, location.url, mirrorDir);
      const plan = guide.plan();
      const report = await syncMirror({
        session,
        root: location.path,
        where: location.url,
        mirrorDir,
        // Per process and sync: two processes (serve and a CLI query) never share one.
        stagingDir: join(options.mirrorBase, `staging-${process.pid}-${++stagingSequence}`),
        manifest,
        limits: options.limits,
        filesInFlight: options.settings.filesInFlight,
        plan,
        ...(signal ? { signal } : {}),
      });
      const distrust = guide.done({ plan, firstCopy: report.firstCopy, playerdata: report.playerdata, others: report.others, pending: report.pending });
      if (distrust !== null) options.log?.log('warn', 'sync_lists_all', { save: location.url, reason: `${distrust}: every sync lists every folder from now on` });
      unwritten += report.copied + report.removed;
      if (unwritten > 0 && (unwritten >= MANIFEST_AFTER_CHANGES || performance.now() - written >= MANIFEST_EVERY_MS)) {
        await saveMirrorManifest(manifestPath, location.url, manifest).catch((error: unknown) => {
          throw new RemoteSaveError('local', `${location.url}: the mirror's manifest cannot be written: ${(error as Error).message}`);
        });
        written = performance.now();
        unwritten = 0;
      }
      options.log?.log(report.warnings.length > 0 ? 'warn' : 'info', 'sync', {
        save: location.url,
        duration_ms: Math.round(performance.now() - begin),
        connection: reused ? 'kept' : 'new',
        listing: report.full ? 'full' : 'playerdata',
        listed: report.listed,
        copied: report.copied,
        bytes: report.bytes,
        removed: report.removed,
        warnings: report.warnings.length,
      });
      return report.warnings;
    } catch (error) {
      // The manifest in memory may now list copies the disk does not have: read it again.
      manifest = null;
      guide.failed();
      throw error;
    }
  }
  const sync = startableAhead(async (signal): Promise<SaveWarning[]> => {
    const begin = performance.now();
    try {
      return await connection.use(signal, (session, reused) => syncOver(session, reused, begin, signal));
    } catch (error) {
      throw asRemoteError(location, error);
    }
  });
  return {
    dir: mirrorDir,
    display: location.url,
    remote: true,
    prepare: (signal) => sync.run(signal),
    prepareAhead: () => sync.ahead(),
    cancelAhead: (reason) => sync.cancel(reason),
    close: () => connection.close(),
  };
}

/** Any failure of a sync as a {@link RemoteSaveError} (SFTP statuses and local errors named, no secret). */
function asRemoteError(location: SftpSaveLocation, error: unknown): RemoteSaveError {
  if (error instanceof RemoteSaveError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'number') return new RemoteSaveError('unreachable', `${location.url}: the server refused a request: ${message}`);
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && (error as { syscall?: unknown }).syscall !== undefined && (error as { path?: unknown }).path !== undefined) {
    return new RemoteSaveError('local', `${location.url}: the mirror cannot be written: ${message}`);
  }
  return new RemoteSaveError('dropped', `${location.url}: ${message}`);
}

/** The source of a location (`server_dir`): read in place, or mirrored over SFTP. */
export function saveSource(location: SaveLocation, mirror: () => MirrorOptions): SaveSource {
  return location.kind === 'local' ? localSource(location.path) : sftpSource(location, mirror());
}
