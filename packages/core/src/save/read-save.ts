import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { assemblePlayers } from './assemble-players.js';
import { listSaveFiles, type SaveListing } from './list-save-files.js';
import { locateSave } from './locate-save.js';
import type { ParseCache } from './parse-cache.js';
import { readModJars } from './read-mod-jars.js';
import { readPlayerFiles, type PlayerFileResult } from './read-player-files.js';
import { readRootFiles, type RootFiles } from './read-root-files.js';
import { readLimits, type ReadLimits } from './read-limits.js';
import type { ParseWorkerPool } from './parse-worker-pool.js';
import type { SaveWatch } from './save-watch.js';
import type { SaveData, SaveWarning } from './types.js';

/** Options of `readSave`. */
export interface ReadSaveOptions {
  /** Reuse summaries of unchanged files from an earlier read (see `createParseCache`). */
  cache?: ParseCache;
  /**
   * Watchers of the player folders (see `createSaveWatch`): with a `cache`, a read stats only the
   * files they saw change (and those without a good cached summary), not every file.
   */
  watch?: SaveWatch;
  /** Called as files are read: `done` of `total` player files and mod jars. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Worker threads that parse changed player files when there are at least `threadsFrom` of them
   * (default: the machine's cores, at most 4; 0 parses on the calling thread, a few files between
   * yields to the event loop, all but files of 1 MiB or more, which always get a worker thread).
   */
  threads?: number;
  /** Changed player files from which worker threads are used (default 1,000). */
  threadsFrom?: number;
  /**
   * Worker threads kept between reads (`createParseWorkerPool`), for a process that reads the
   * same save again and again: a read of fewer changed files than `threadsFrom` (a server's
   * 15-minute pull) parses them on these threads, already up and compiled, instead of on this
   * one, and leaves them there for the next read. Ignored when `threads` is 0.
   */
  workers?: ParseWorkerPool;
  /**
   * Mod jars hashed at once (default 24). Player files are small and are read synchronously, a
   * few between yields to the event loop (see `readSave`).
   */
  concurrency?: number;
  /** Bounds on every read (default `DEFAULT_READ_LIMITS`); keys left out keep their default. */
  limits?: Partial<ReadLimits>;
  /** Aborting stops the read: it rejects with the signal's reason, and worker threads are stopped. */
  signal?: AbortSignal;
}

const DEFAULT_CONCURRENCY = 24;
/** The folders of a world whose files are players' (`listSaveFiles`). */
const PLAYER_FOLDERS = ['stats', 'advancements', 'playerdata'] as const;
/**
 * The kinds of summaries of listed files, counted to tell whether some are of files gone.
 * (Counting every entry, root files included, made the prune run at every read: ~60 ms at
 * 10,000 players.)
 */
const CACHED_KINDS = [...PLAYER_FOLDERS, 'mod'] as const;
/** Changed player files from which parsing moves to worker threads (below, starting them costs more than it saves). */
const THREADS_FROM = 1000;

/** Worker threads for parsing: the machine's cores, at most 4. */
function defaultThreads(): number {
  return Math.min(4, availableParallelism());
}

function compareWarnings(a: SaveWarning, b: SaveWarning): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0;
}

/**
 * Reads a Minecraft Java server's world save: every player's statistics, advancements and
 * player data, names from `usercache.json` / player data / `whitelist.json`, Floodgate's name
 * prefix, the ban and operator lists (`banned-players.json`, `ops.json`: who to hide, see
 * `hiddenPlayers`), and the mod jars with their hashes. Opens files read-only and writes nothing.
 *
 * `path` is a server root (world found through `server.properties` `level-name`, default
 * `world`) or a bare world folder. Only a missing, unreadable or unrecognisable directory
 * throws (a `SaveError`); any single bad file becomes a `SaveWarning` and the rest loads.
 * Only files named exactly `<uuid>.json` / `<uuid>.dat` are read: temp files
 * (`<uuid>-<n>.dat`), `.dat_old`, `_corrupted_` copies and sub-folders are ignored.
 * With a `cache` only changed files are parsed, and a player whose files are all unchanged is
 * the same `PlayerSave` object as at the last read. Changed files are parsed on worker threads
 * when there are many (`threads`, `threadsFrom`: a first read of a large save uses the cores),
 * else on this thread a few at a time between yields to the event loop; a file of 1 MiB or more
 * always gets a worker thread. With a `watch` as well, only the files its watchers saw change
 * are stat-ed (see `createSaveWatch`).
 *
 * Every read is bounded (`limits`, see `ReadLimits`): only regular files are opened (a FIFO,
 * socket, device or folder in a file's place is a warning, never waited on), each no larger than
 * its limit, a `.dat` decompressed no further than its limit, and a parse on a worker thread
 * abandoned after its time budget. A file that could not be used has a warning with
 * `unreadable: true` and is never cached: the next read tries it again. A player none of whose
 * files could be used is left out. Aborting `signal` stops the read (it rejects with the
 * signal's reason). A player's `stats` and
 * `advancements` are kept packed and unpacked on first use. Parts of the result are shared with
 * the cache and frozen: treat it as read-only.
 *
 * @example
 * const cache = createParseCache();
 * const save = await readSave('/srv/minecraft', { cache });
 * for (const player of save.players) {
 *   console.log(player.name, player.stats['minecraft:custom']?.['minecraft:jump'] ?? 0);
 * }
 * for (const warning of save.warnings) console.warn(`${warning.file}: ${warning.reason}`);
 */
export async function readSave(path: string, options: ReadSaveOptions = {}): Promise<SaveData> {
  const limits = readLimits(options.limits);
  const { cache, onProgress, signal } = options;
  const threads = options.threads ?? defaultThreads();
  const location = await locateSave(path, limits.rootFileBytes);
  signal?.throwIfAborted();
  const { root, world } = location;
  const warnings: SaveWarning[] = [...location.warnings];
  const rootFilesRead = readRootFiles(root, warnings, { limits, ...(cache ? { cache } : {}), ...(signal ? { signal } : {}) });
  // Settled either way before anything else throws: a failure is rethrown below.
  rootFilesRead.catch(() => undefined);
  // Taken before listing: a file changed from here on is named again at the next read.
  const watch = cache ? options.watch : undefined;
  const changed = watch ? await watch.changes(PLAYER_FOLDERS.map((kind) => join(world, kind))) : null;
  const named = watch?.named() ?? null;
  const missed: string[] = [];
  let listing: SaveListing;
  let rootFiles: RootFiles;
  let results: PlayerFileResult[];
  let touched: number[];
  let total = 0;
  try {
    listing = await listSaveFiles(root, world, warnings, cache, changed);
    rootFiles = await rootFilesRead;
    signal?.throwIfAborted();
    total = listing.players.length + listing.mods.length;
    onProgress?.(0, total);
    ({ results, touched } = await readPlayerFiles(listing.players, {
      cache,
      limits,
      threads,
      threadsFrom: options.threadsFrom ?? THREADS_FROM,
      pool: options.workers,
      byUuid: listing.byUuid,
      onProgress: (done) => onProgress?.(done, total),
      signal,
      changed,
      named,
      onMissed: (file) => missed.push(file),
    }));
  } catch (error) {
    // Files the watchers named may not have been read: the next read stats them all.
    watch?.distrust('the previous read did not finish');
    throw error;
  }
  await watch?.missed(missed);
  const failed: number[] = [];
  for (let i = 0; i < results.length; i++) if (!results[i]!.outcome.ok) failed.push(i);
  // A file that could not be used is read again next time, changed or not.
  watch?.retry(failed.map((i) => listing.players[i]!.path));
  let jarsDone = 0;
  const mods = await readModJars(
    listing.mods,
    listing.folders.mods,
    { cache, concurrency: options.concurrency ?? DEFAULT_CONCURRENCY, maxBytes: limits.modJarBytes, onEach: () => onProgress?.(listing.players.length + ++jarsDone, total) },
    warnings,
  );
  signal?.throwIfAborted();
  for (const i of failed) {
    const { outcome } = results[i]!;
    if (!outcome.ok) warnings.push({ file: listing.players[i]!.file, reason: outcome.reason, unreadable: true });
  }
  // Forget files that are gone, so a long-running server's cache does not grow forever.
  // Every file read well is cached once under its kind: summaries beyond them are of files gone.
  const readWell = results.length - failed.length + mods.length;
  if (cache && CACHED_KINDS.reduce((sum, kind) => sum + cache.size(kind), 0) > readWell) {
    const read = new Set([...listing.players, ...listing.mods].map((file) => file.path));
    cache.prune(world, read);
    cache.prune(listing.folders.mods, read);
  }
  const { players, dataVersions } = assemblePlayers(listing, results, rootFiles, cache, warnings, { touched, failed });

  return {
    root,
    world,
    levelName: location.levelName,
    serverProperties: location.serverProperties,
    floodgatePrefix: rootFiles.floodgatePrefix,
    bannedPlayers: rootFiles.bannedPlayers,
    operators: rootFiles.operators,
    players,
    dataVersions,
    mods,
    warnings: warnings.sort(compareWarnings),
  };
}
