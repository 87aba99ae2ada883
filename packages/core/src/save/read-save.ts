import { readdirSync, statSync, type Dirent, type Stats } from 'node:fs';
import { availableParallelism } from 'node:os';
import { stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { buildPlayerSave, type PlayerFilePart } from './build-player-save.js';
import { hashFile } from './hash-file.js';
import { locateSave } from './locate-save.js';
import { mapLimit } from './map-limit.js';
import { deepFreeze, type PackedAdvancements, type PackedStats } from './packed.js';
import type { FileStamp, ParseCache } from './parse-cache.js';
import { parseInWorkers } from './parse-in-workers.js';
import type { PlayerDataSummary } from './parse-player-data-file.js';
import { parsePlayerFile, type PlayerFileKind } from './parse-player-file.js';
import { readRootFiles } from './read-root-files.js';
import { readErrorReason } from './read-text-file.js';
import type { ModJar, PlayerSave, SaveData, SaveWarning } from './types.js';

/** Options of `readSave`. */
export interface ReadSaveOptions {
  /** Reuse summaries of unchanged files from an earlier read (see `createParseCache`). */
  cache?: ParseCache;
  /** Called as files are read: `done` of `total` player files and mod jars. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Worker threads that parse changed player files when there are at least `threadsFrom` of them
   * (default: the machine's cores, at most 4; 0 parses everything on the calling thread, a few
   * files between yields to the event loop).
   */
  threads?: number;
  /** Changed player files from which worker threads are used (default 1,000). */
  threadsFrom?: number;
  /**
   * Mod jars hashed at once (default 24). Player files are small and are read synchronously, a
   * few between yields to the event loop (see `readSave`).
   */
  concurrency?: number;
}

const DEFAULT_CONCURRENCY = 24;
/** Changed player files from which parsing moves to worker threads (below, starting them costs more than it saves). */
const THREADS_FROM = 1000;

/** Worker threads for parsing: the machine's cores, at most 4. */
function defaultThreads(): number {
  return Math.min(4, availableParallelism());
}
/**
 * Player files handled between two yields to the event loop: a few milliseconds of parsing, so a
 * server answering requests while it pulls stays responsive.
 */
const FILES_PER_SLICE = 12;
/** Unchanged files (one stat each) handled between two yields. */
const STATS_PER_SLICE = 400;
/** Exactly `<dashed uuid>.<ext>`: not `<uuid>-<n>.dat` temp files, `.dat_old`, `_corrupted_` copies. */
const UUID_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:json|dat)$/i;

type JobKind = PlayerFileKind | 'mod';
type Outcome = { ok: true; value: unknown } | { ok: false; reason: string };

/** One file to read: a player's file or a mod jar. */
interface Job {
  kind: JobKind;
  /** Absolute path. */
  path: string;
  /** Relative to the server root, `/`-separated. */
  file: string;
}

/** What reading one job gave: its modification time and size, and its parsed summary or failure. */
interface JobResult {
  /** Size and modification time, or null when the file could not be stat-ed (the stamp, not the `Stats`: thirty thousand of those would outlive the read). */
  info: { size: number; mtimeMs: number } | null;
  outcome: Outcome;
}


/** Parses one player file on this thread; failures become the outcome (and are cached like successes). */
function parseInline(kind: PlayerFileKind, path: string): Outcome {
  try {
    return { ok: true, value: parsePlayerFile(kind, path) };
  } catch (error) {
    return { ok: false, reason: readErrorReason(error) };
  }
}

/** Stats a file; a vanished or odd one is a failed outcome. */
function statJob(job: Job): { info: FileStamp } | { info: null; outcome: Outcome } {
  try {
    const info = statSync(job.path);
    if (!info.isFile()) return { info: null, outcome: { ok: false, reason: 'not a regular file' } };
    return { info: { path: job.path, size: info.size, mtimeMs: info.mtimeMs } };
  } catch (error) {
    return { info: null, outcome: { ok: false, reason: readErrorReason(error) } };
  }
}

/** Hashes a mod jar (streamed: jars are large), through the cache. */
async function readMod(job: Job, cache: ParseCache | undefined): Promise<JobResult> {
  let info: Stats;
  try {
    info = await stat(job.path);
  } catch (error) {
    return { info: null, outcome: { ok: false, reason: readErrorReason(error) } };
  }
  if (!info.isFile()) return { info: null, outcome: { ok: false, reason: 'not a regular file' } };
  const stamp: FileStamp = { path: job.path, size: info.size, mtimeMs: info.mtimeMs };
  const cached = cache?.get<Outcome>('mod', stamp);
  if (cached !== undefined) return { info: stamp, outcome: cached };
  let outcome: Outcome;
  try {
    outcome = { ok: true, value: deepFreeze(await hashFile(job.path)) };
  } catch (error) {
    outcome = { ok: false, reason: readErrorReason(error) };
  }
  cache?.set('mod', stamp, outcome);
  return { info: stamp, outcome };
}

/**
 * Lists a folder; a missing one is simply empty, an unreadable one is a warning. Synchronous: a
 * listing of 10,000 names takes a few milliseconds on this thread, against several times that
 * waiting for libuv's thread pool.
 */
function list(dir: string, file: string, warnings: SaveWarning[]): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      warnings.push({ file, reason: `folder unreadable: ${readErrorReason(error)}` });
    }
    return [];
  }
}

/** File names (not folders) of a listing, sorted so that reads and warnings are deterministic. */
function fileNames(entries: Dirent[]): string[] {
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** What a player was built from at the last read through a cache, and the result. */
interface PlayerMemo {
  parts: readonly [PlayerFilePart<unknown>, PlayerFilePart<unknown>, PlayerFilePart<unknown>];
  /** The usercache and whitelist names for the uuid. */
  names: readonly [string | undefined, string | undefined];
  player: PlayerSave;
}

/** Per parse cache, each player's memo of the last read (weakly: it goes with the cache). */
const memosByCache = new WeakMap<ParseCache, Map<string, PlayerMemo>>();

function playerMemos(cache: ParseCache): Map<string, PlayerMemo> {
  let memos = memosByCache.get(cache);
  if (memos === undefined) memosByCache.set(cache, (memos = new Map()));
  return memos;
}

/** Same files, same modification times, same (cached, so identical) summaries. */
function sameParts(a: PlayerMemo['parts'], b: PlayerMemo['parts']): boolean {
  for (let i = 0; i < 3; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.file !== y.file || x.mtimeMs !== y.mtimeMs || x.summary !== y.summary) return false;
  }
  return true;
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
 * else on this thread a few at a time between yields to the event loop. A player's `stats` and
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
  const location = await locateSave(path);
  const { root, world } = location;
  const warnings: SaveWarning[] = [...location.warnings];
  const rel = (absolute: string): string => relative(root, absolute).split(sep).join('/');
  /** `rel(join(folder, name))` for many names: the folder's part computed once, the rest concatenated. */
  const inFolder = (folder: string): { path: (name: string) => string; file: (name: string) => string } => {
    const relFolder = rel(folder);
    const prefix = relFolder === '' ? '' : `${relFolder}/`;
    return { path: (name) => folder + sep + name, file: (name) => prefix + name };
  };

  const folders: Record<PlayerFileKind, string> = {
    stats: join(world, 'stats'),
    advancements: join(world, 'advancements'),
    playerdata: join(world, 'playerdata'),
  };
  const extensions: Record<PlayerFileKind, string> = { stats: 'json', advancements: 'json', playerdata: 'dat' };
  const modsDir = join(root, 'mods');
  const kinds = Object.keys(folders) as PlayerFileKind[];
  const rootFilesRead = readRootFiles(root, warnings);
  const listings: Dirent[][] = [];
  for (const kind of kinds) {
    listings.push(list(folders[kind], rel(folders[kind]), warnings));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const modsListing = list(modsDir, rel(modsDir), warnings);
  const rootFiles = await rootFilesRead;

  // uuid → index of each of its files in `jobs`. Top-level names only: never descend.
  const jobs: Job[] = [];
  const byUuid = new Map<string, Partial<Record<PlayerFileKind, number>>>();
  kinds.forEach((kind, k) => {
    const names = inFolder(folders[kind]);
    const suffix = `.${extensions[kind]}`;
    for (const name of fileNames(listings[k] as Dirent[])) {
      // `<uuid>.json` or `<uuid>.dat` exactly (36 + the extension), case-insensitively.
      if (name.length !== 36 + suffix.length || !UUID_FILE.test(name) || name.slice(36).toLowerCase() !== suffix) continue;
      const uuid = name.slice(0, 36).toLowerCase();
      const job: Job = { kind, path: names.path(name), file: names.file(name) };
      const files = byUuid.get(uuid) ?? {};
      if (files[kind] !== undefined) {
        warnings.push({ file: job.file, reason: `another ${kind} file already names this player; ignored` });
        continue;
      }
      files[kind] = jobs.length;
      byUuid.set(uuid, files);
      jobs.push(job);
    }
  });
  const firstMod = jobs.length;
  for (const name of fileNames(modsListing).filter((n) => /\.jar$/i.test(n))) {
    const path = join(modsDir, name);
    jobs.push({ kind: 'mod', path, file: rel(path) });
  }

  const { cache, onProgress } = options;
  let done = 0;
  const progress = (): void => onProgress?.(++done, jobs.length);
  onProgress?.(0, jobs.length);
  const yieldToLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

  // 1. Every player file is stat-ed; the unchanged ones come from the cache.
  const results = new Array<JobResult>(jobs.length);
  const misses: number[] = [];
  const stamps = new Array<FileStamp>(jobs.length);
  for (let i = 0; i < firstMod; i++) {
    const job = jobs[i] as Job;
    const stated = statJob(job);
    if (stated.info === null) {
      results[i] = { info: null, outcome: stated.outcome };
      progress();
    } else {
      const stamp = stated.info;
      const cached = cache?.get<Outcome>(job.kind, stamp);
      if (cached !== undefined) {
        results[i] = { info: stated.info, outcome: cached };
        progress();
      } else {
        results[i] = { info: stated.info, outcome: { ok: false, reason: 'not read' } };
        stamps[i] = stamp;
        misses.push(i);
      }
    }
    if ((i + 1) % STATS_PER_SLICE === 0) await yieldToLoop();
  }

  // 2. The changed files are parsed: on worker threads when there are many (both cores, and
  // this thread stays free to answer requests), else here, a few between yields.
  const threads = options.threads ?? defaultThreads();
  let parsed: Outcome[] | null = null;
  if (threads > 0 && misses.length >= (options.threadsFrom ?? THREADS_FROM)) {
    const requests = misses.map((i) => ({ kind: (jobs[i] as Job).kind as PlayerFileKind, path: (jobs[i] as Job).path }));
    const base = done;
    parsed = await parseInWorkers(requests, { threads, onProgress: (n) => onProgress?.((done = base + n), jobs.length) });
    // Null: no worker came up, nothing was parsed; the loop below parses (and counts) each file.
    done = parsed === null ? base : base + misses.length;
  }
  for (let m = 0; m < misses.length; m++) {
    const i = misses[m] as number;
    const job = jobs[i] as Job;
    let outcome = parsed?.[m];
    if (outcome === undefined) {
      outcome = parseInline(job.kind as PlayerFileKind, job.path);
      progress();
      if ((m + 1) % FILES_PER_SLICE === 0) await yieldToLoop();
    }
    deepFreeze(outcome);
    (results[i] as JobResult).outcome = outcome;
    cache?.set(job.kind, stamps[i] as FileStamp, outcome);
  }

  // 3. The jars, a few at once.
  const jars = await mapLimit(jobs.slice(firstMod), options.concurrency ?? DEFAULT_CONCURRENCY, async (job) => {
    const result = await readMod(job, cache);
    progress();
    return result;
  });
  jars.forEach((result, k) => {
    results[firstMod + k] = result;
  });
  results.forEach(({ outcome }, i) => {
    if (!outcome.ok) warnings.push({ file: (jobs[i] as Job).file, reason: outcome.reason });
  });
  // Forget files that are gone, so a long-running server's cache does not grow forever. Every
  // file read above has its entry, so as many entries as files means none is stale.
  if (cache && cache.stats().entries > jobs.length) {
    const read = new Set(jobs.map((job) => job.path));
    cache.prune(world, read);
    cache.prune(modsDir, read);
  }

  const dataVersions = new Set<number>();
  const players: PlayerSave[] = [];
  const memos = cache ? playerMemos(cache) : null;
  const seen = memos ? new Set<string>() : null;
  for (const [uuid, files] of byUuid) {
    const part = <T>(kind: PlayerFileKind): PlayerFilePart<T> => {
      const index = files[kind];
      if (index === undefined) return { file: null, mtimeMs: null, summary: null };
      const { info, outcome } = results[index] as JobResult;
      return {
        file: (jobs[index] as Job).file,
        mtimeMs: info?.mtimeMs ?? null,
        summary: outcome.ok ? (outcome.value as T) : null,
      };
    };
    const stats = part<PackedStats>('stats');
    const advancements = part<PackedAdvancements>('advancements');
    const playerdata = part<PlayerDataSummary>('playerdata');
    const names = [rootFiles.usercache.get(uuid)?.name, rootFiles.whitelist.get(uuid)?.name] as const;
    // A player whose files and name sources are all as at the last read is the same object as
    // then: no new PlayerSave, and the snapshot builder's per-player caches still apply.
    const memo = memos?.get(uuid);
    let player: PlayerSave;
    if (memo !== undefined && sameParts(memo.parts, [stats, advancements, playerdata]) && memo.names[0] === names[0] && memo.names[1] === names[1]) {
      player = memo.player;
    } else {
      player = buildPlayerSave(uuid, { stats, advancements, playerdata }, rootFiles);
      memos?.set(uuid, { parts: [stats, advancements, playerdata], names, player });
    }
    seen?.add(uuid);
    const skipped = advancements.summary?.skipped ?? 0;
    if (skipped > 0) {
      const reason = `${skipped} malformed entries or criterion times ignored`;
      warnings.push({ file: advancements.file as string, reason });
    }
    for (const version of [player.statsDataVersion, player.advancementsDataVersion, player.playerDataVersion]) {
      if (version !== null) dataVersions.add(version);
    }
    players.push(player);
  }
  players.sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
  if (memos && seen) for (const uuid of memos.keys()) if (!seen.has(uuid)) memos.delete(uuid);

  const mods: ModJar[] = [];
  for (let i = firstMod; i < jobs.length; i++) {
    const { info, outcome } = results[i] as JobResult;
    if (info === null || !outcome.ok) continue;
    const { sha1, sha512 } = outcome.value as { sha1: string; sha512: string };
    const file = (jobs[i] as Job).path.slice(modsDir.length + 1);
    mods.push({ file, size: info.size, sha1, sha512 });
  }

  return {
    root,
    world,
    levelName: location.levelName,
    serverProperties: location.serverProperties,
    floodgatePrefix: rootFiles.floodgatePrefix,
    bannedPlayers: rootFiles.bannedPlayers,
    operators: rootFiles.operators,
    players,
    dataVersions: [...dataVersions].sort((a, b) => a - b),
    mods,
    warnings: warnings.sort(compareWarnings),
  };
}
