import { readFileSync, statSync, type Dirent, type Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { buildPlayerSave, type PlayerFilePart } from './build-player-save.js';
import { hashFile } from './hash-file.js';
import { locateSave } from './locate-save.js';
import { mapLimit } from './map-limit.js';
import { parseAdvancementsFile, type AdvancementsFileSummary } from './parse-advancements-file.js';
import type { FileStamp, ParseCache } from './parse-cache.js';
import { parsePlayerDataFile } from './parse-player-data-file.js';
import { parseStatsFile } from './parse-stats-file.js';
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
   * Mod jars hashed at once (default 24). Player files are small and are read synchronously, a
   * few between yields to the event loop (see `readSave`).
   */
  concurrency?: number;
}

const DEFAULT_CONCURRENCY = 24;
/**
 * Player files handled between two yields to the event loop: a few milliseconds of parsing, so a
 * server answering requests while it pulls stays responsive.
 */
const FILES_PER_SLICE = 12;
/** Unchanged files (one stat each) handled between two yields. */
const STATS_PER_SLICE = 400;
/** Exactly `<dashed uuid>.<ext>`: not `<uuid>-<n>.dat` temp files, `.dat_old`, `_corrupted_` copies. */
const UUID_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(json|dat)$/i;

type PlayerFileKind = 'stats' | 'advancements' | 'playerdata';
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
  info: Stats | null;
  outcome: Outcome;
  /** Whether the file was read and parsed (not a cache hit). */
  parsed: boolean;
}

/** Reads a small UTF-8 file at once, without a leading byte-order mark (see `readTextFile`). */
function readTextFileSync(path: string): string {
  const text = readFileSync(path, { encoding: 'utf8', flag: 'r' });
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

// Player files are read synchronously: they are small and, the game having just written them,
// almost always in the page cache, where a synchronous read is one system call while an
// asynchronous one is four trips through libuv's thread pool (open, fstat, read, close), several
// times the CPU of the read itself on a save of tens of thousands of files. Mod jars are large
// and hashed as a stream.
const PARSERS: Record<JobKind, (path: string) => Promise<unknown>> = {
  stats: async (path) => parseStatsFile(readTextFileSync(path)),
  advancements: async (path) => parseAdvancementsFile(readTextFileSync(path)),
  playerdata: async (path) => parsePlayerDataFile(readFileSync(path, { flag: 'r' })),
  mod: async (path) => hashFile(path),
};

/** Deep-freezes a summary: through a cache it is shared by every SaveData read. */
function freeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) freeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

/** Parses one file; failures become the outcome (and are cached like successes). */
async function parseJob(job: Job): Promise<Outcome> {
  try {
    return { ok: true, value: freeze(await PARSERS[job.kind](job.path)) };
  } catch (error) {
    return { ok: false, reason: readErrorReason(error) };
  }
}

async function readJob(job: Job, cache: ParseCache | undefined): Promise<JobResult> {
  let info: Stats;
  try {
    info = job.kind === 'mod' ? await stat(job.path) : statSync(job.path);
  } catch (error) {
    return { info: null, outcome: { ok: false, reason: readErrorReason(error) }, parsed: false };
  }
  if (!info.isFile()) return { info: null, outcome: { ok: false, reason: 'not a regular file' }, parsed: false };
  const stamp: FileStamp = { path: job.path, size: info.size, mtimeMs: info.mtimeMs };
  let parsed = false;
  const parse = (): Promise<Outcome> => {
    parsed = true;
    return parseJob(job);
  };
  const outcome = cache ? await cache.use(job.kind, stamp, parse) : await parse();
  return { info, outcome, parsed };
}

/** Lists a folder; a missing one is simply empty, an unreadable one is a warning. */
async function list(dir: string, file: string, warnings: SaveWarning[]): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
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

function compareWarnings(a: SaveWarning, b: SaveWarning): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0;
}

/**
 * Reads a Minecraft Java server's world save: every player's statistics, advancements and
 * player data, names from `usercache.json` / player data / `whitelist.json`, Floodgate's name
 * prefix, and the mod jars with their hashes. Opens files read-only and writes nothing.
 *
 * `path` is a server root (world found through `server.properties` `level-name`, default
 * `world`) or a bare world folder. Only a missing, unreadable or unrecognisable directory
 * throws (a `SaveError`); any single bad file becomes a `SaveWarning` and the rest loads.
 * Only files named exactly `<uuid>.json` / `<uuid>.dat` are read: temp files
 * (`<uuid>-<n>.dat`), `.dat_old`, `_corrupted_` copies and sub-folders are ignored.
 * Files are read a bounded number at a time, and with a `cache` only changed files are parsed.
 * Parts of the result are frozen (shared with the cache): treat it as read-only.
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

  const folders: Record<PlayerFileKind, string> = {
    stats: join(world, 'stats'),
    advancements: join(world, 'advancements'),
    playerdata: join(world, 'playerdata'),
  };
  const extensions: Record<PlayerFileKind, string> = { stats: 'json', advancements: 'json', playerdata: 'dat' };
  const modsDir = join(root, 'mods');
  const kinds = Object.keys(folders) as PlayerFileKind[];
  const [listings, modsListing, rootFiles] = await Promise.all([
    Promise.all(kinds.map((kind) => list(folders[kind], rel(folders[kind]), warnings))),
    list(modsDir, rel(modsDir), warnings),
    readRootFiles(root, warnings),
  ]);

  // uuid → index of each of its files in `jobs`. Top-level names only: never descend.
  const jobs: Job[] = [];
  const byUuid = new Map<string, Partial<Record<PlayerFileKind, number>>>();
  kinds.forEach((kind, k) => {
    for (const name of fileNames(listings[k] as Dirent[])) {
      const match = UUID_FILE.exec(name);
      if (match === null || (match[2] as string).toLowerCase() !== extensions[kind]) continue;
      const uuid = (match[1] as string).toLowerCase();
      const job: Job = { kind, path: join(folders[kind], name), file: '' };
      job.file = rel(job.path);
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
  onProgress?.(0, jobs.length);
  // Player files one at a time, yielding between slices; then the jars, a few at once.
  const results: JobResult[] = [];
  let work = 0;
  for (let i = 0; i < firstMod; i++) {
    const result = await readJob(jobs[i] as Job, cache);
    results.push(result);
    onProgress?.(++done, jobs.length);
    work += result.parsed ? STATS_PER_SLICE / FILES_PER_SLICE : 1;
    if (work >= STATS_PER_SLICE) {
      work = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  results.push(...(await mapLimit(jobs.slice(firstMod), options.concurrency ?? DEFAULT_CONCURRENCY, async (job) => {
    const result = await readJob(job, cache);
    onProgress?.(++done, jobs.length);
    return result;
  })));
  results.forEach(({ outcome }, i) => {
    if (!outcome.ok) warnings.push({ file: (jobs[i] as Job).file, reason: outcome.reason });
  });
  if (cache) {
    // Forget files that are gone, so a long-running server's cache does not grow forever.
    const read = new Set(jobs.map((job) => job.path));
    cache.prune(world, read);
    cache.prune(modsDir, read);
  }

  const dataVersions = new Set<number>();
  const players: PlayerSave[] = [];
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
    const advancements = part<AdvancementsFileSummary>('advancements');
    const player = buildPlayerSave(
      uuid,
      { stats: part('stats'), advancements, playerdata: part('playerdata') },
      rootFiles,
    );
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
    players,
    dataVersions: [...dataVersions].sort((a, b) => a - b),
    mods,
    warnings: warnings.sort(compareWarnings),
  };
}
