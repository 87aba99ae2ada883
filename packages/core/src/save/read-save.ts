import type { Dirent, Stats } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { hashFile } from './hash-file.js';
import { isBedrockUuid } from './is-bedrock-uuid.js';
import { locateSave } from './locate-save.js';
import { mapLimit } from './map-limit.js';
import { parseAdvancementsFile, type AdvancementsFileSummary } from './parse-advancements-file.js';
import type { FileStamp, ParseCache } from './parse-cache.js';
import { parseFloodgatePrefix } from './parse-floodgate-prefix.js';
import { parsePlayerDataFile, type PlayerDataSummary } from './parse-player-data-file.js';
import { parseProfileList, type ProfileEntry } from './parse-profile-list.js';
import { parseStatsFile, type StatsFileSummary } from './parse-stats-file.js';
import type { ModJar, PlayerSave, SaveData, SaveWarning } from './types.js';

/** Options of `readSave`. */
export interface ReadSaveOptions {
  /** Reuse summaries of unchanged files from an earlier read (see `createParseCache`). */
  cache?: ParseCache;
  /** Called as files are read: `done` of `total` player files and mod jars. */
  onProgress?: (done: number, total: number) => void;
  /** Files read at once (default 24). */
  concurrency?: number;
}

const DEFAULT_CONCURRENCY = 24;
const UUID_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(json|dat)$/i;
/** Where Floodgate keeps its config: as a server plugin, or as a Fabric/NeoForge mod. */
const FLOODGATE_CONFIGS = ['plugins/floodgate/config.yml', 'config/floodgate/config.yml'];

type PlayerFileKind = 'stats' | 'advancements' | 'playerdata';
type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };

/** One file to read: a player's file or a mod jar. */
interface Job {
  kind: PlayerFileKind | 'mod';
  uuid: string;
  /** Absolute path. */
  path: string;
  /** Relative to the server root, `/`-separated. */
  file: string;
}

/** What reading one job gave. */
interface JobResult {
  info: Stats | null;
  outcome: Outcome<unknown> | null;
}

/** Deep-freezes a cached summary: it is shared by every SaveData read through the cache. */
function freeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) freeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

function message(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const text = error instanceof Error ? error.message : String(error);
  return code === 'ENOENT' ? 'file vanished while the save was being read' : text;
}

async function attempt<T>(parse: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: freeze(await parse()) };
  } catch (error) {
    return { ok: false, reason: message(error) };
  }
}

async function readText(path: string): Promise<string> {
  const text = await readFile(path, { encoding: 'utf8', flag: 'r' });
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

const PARSERS: Record<Job['kind'], (path: string) => Promise<unknown>> = {
  stats: async (path) => parseStatsFile(await readText(path)),
  advancements: async (path) => parseAdvancementsFile(await readText(path)),
  playerdata: async (path) => parsePlayerDataFile(await readFile(path, { flag: 'r' })),
  mod: async (path) => hashFile(path),
};

/** Lists a folder; a missing one is simply empty, an unreadable one is a warning. */
async function list(dir: string, file: string, warnings: SaveWarning[]): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      warnings.push({ file, reason: `folder unreadable: ${message(error)}` });
    }
    return [];
  }
}

/** Reads an optional small text file at the server root; null when absent. */
async function readOptional(root: string, file: string, warnings: SaveWarning[]): Promise<string | null> {
  try {
    return await readText(join(root, file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      warnings.push({ file, reason: `unreadable: ${message(error)}` });
    }
    return null;
  }
}

/** Reads `usercache.json` or `whitelist.json` into uuid → entry; the newest `expiresOn` wins. */
async function readProfiles(
  root: string,
  file: string,
  warnings: SaveWarning[],
): Promise<Map<string, ProfileEntry>> {
  const profiles = new Map<string, ProfileEntry>();
  const text = await readOptional(root, file, warnings);
  if (text === null) return profiles;
  const { entries, problem } = parseProfileList(text);
  if (problem !== null) warnings.push({ file, reason: problem });
  for (const entry of entries) {
    const known = profiles.get(entry.uuid);
    if (known === undefined || (entry.expiresOn ?? -Infinity) > (known.expiresOn ?? -Infinity)) {
      profiles.set(entry.uuid, entry);
    }
  }
  return profiles;
}

async function readFloodgatePrefix(root: string, warnings: SaveWarning[]): Promise<string | null> {
  for (const file of FLOODGATE_CONFIGS) {
    const text = await readOptional(root, file, warnings);
    if (text !== null) return parseFloodgatePrefix(text);
  }
  return null;
}

function maxOf(values: Array<number | null>): number | null {
  let max: number | null = null;
  for (const value of values) if (value !== null && (max === null || value > max)) max = value;
  return max;
}

function minOf(values: Array<number | null>): number | null {
  let min: number | null = null;
  for (const value of values) if (value !== null && (min === null || value < min)) min = value;
  return min;
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
 *
 * @example
 * const cache = createParseCache();
 * const save = await readSave('/srv/minecraft', { cache });
 * for (const player of save.players) console.log(player.name, player.stats['minecraft:custom']?.['minecraft:jump'] ?? 0);
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
  const modsDir = join(root, 'mods');
  const [statsDir, advancementsDir, playerdataDir, modsList, usercache, whitelist, floodgatePrefix] =
    await Promise.all([
      list(folders.stats, rel(folders.stats), warnings),
      list(folders.advancements, rel(folders.advancements), warnings),
      list(folders.playerdata, rel(folders.playerdata), warnings),
      list(modsDir, rel(modsDir), warnings),
      readProfiles(root, 'usercache.json', warnings),
      readProfiles(root, 'whitelist.json', warnings),
      readFloodgatePrefix(root, warnings),
    ]);

  // Which UUIDs have which files. Exact `<uuid>.<ext>` names only; never descend into folders.
  const jobs: Job[] = [];
  const byUuid = new Map<string, Partial<Record<PlayerFileKind, number>>>();
  const listings: Array<[PlayerFileKind, Dirent[], string]> = [
    ['stats', statsDir, 'json'],
    ['advancements', advancementsDir, 'json'],
    ['playerdata', playerdataDir, 'dat'],
  ];
  for (const [kind, entries, extension] of listings) {
    const names = entries
      .filter((entry) => !entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const name of names) {
      const match = UUID_FILE.exec(name);
      if (match === null || (match[2] as string).toLowerCase() !== extension) continue;
      const uuid = (match[1] as string).toLowerCase();
      const path = join(folders[kind], name);
      const files = byUuid.get(uuid) ?? {};
      if (files[kind] !== undefined) {
        warnings.push({ file: rel(path), reason: `another ${kind} file already names this player; ignored` });
        continue;
      }
      files[kind] = jobs.length;
      byUuid.set(uuid, files);
      jobs.push({ kind, uuid, path, file: rel(path) });
    }
  }
  const modNames = modsList
    .filter((entry) => !entry.isDirectory() && /\.jar$/i.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const firstMod = jobs.length;
  for (const name of modNames) {
    const path = join(modsDir, name);
    jobs.push({ kind: 'mod', uuid: '', path, file: rel(path) });
  }

  // Read everything, a bounded number of files at a time.
  const { cache, onProgress } = options;
  let done = 0;
  onProgress?.(0, jobs.length);
  const results = await mapLimit(jobs, options.concurrency ?? DEFAULT_CONCURRENCY, async (job): Promise<JobResult> => {
    let info: Stats | null = null;
    let outcome: Outcome<unknown> | null = null;
    try {
      info = await stat(job.path);
    } catch (error) {
      outcome = { ok: false, reason: message(error) };
    }
    if (info !== null && !info.isFile()) {
      outcome = { ok: false, reason: 'not a regular file' };
      info = null;
    } else if (info !== null) {
      const parse = (): Promise<Outcome<unknown>> => attempt(() => PARSERS[job.kind](job.path));
      const stamp: FileStamp = { path: job.path, size: info.size, mtimeMs: info.mtimeMs };
      outcome = cache ? await cache.use(job.kind, stamp, parse) : await parse();
    }
    done++;
    onProgress?.(done, jobs.length);
    return { info, outcome };
  });
  for (let i = 0; i < jobs.length; i++) {
    const outcome = (results[i] as JobResult).outcome;
    if (outcome !== null && !outcome.ok) warnings.push({ file: (jobs[i] as Job).file, reason: outcome.reason });
  }
  if (cache) {
    const read = new Set(jobs.map((job) => job.path));
    cache.prune(world, read);
    cache.prune(modsDir, read);
  }

  // One PlayerSave per UUID.
  const dataVersions = new Set<number>();
  const players: PlayerSave[] = [];
  for (const [uuid, files] of byUuid) {
    const part = <T>(kind: PlayerFileKind): { job: Job | null; info: Stats | null; value: T | null } => {
      const index = files[kind];
      if (index === undefined) return { job: null, info: null, value: null };
      const result = results[index] as JobResult;
      const value = result.outcome?.ok ? (result.outcome.value as T) : null;
      return { job: jobs[index] as Job, info: result.info, value };
    };
    const statsPart = part<StatsFileSummary>('stats');
    const advancementsPart = part<AdvancementsFileSummary>('advancements');
    const playerdataPart = part<PlayerDataSummary>('playerdata');
    const statsFile = statsPart.value;
    const advancementsFile = advancementsPart.value;
    const playerData = playerdataPart.value;
    if (advancementsFile !== null && advancementsFile.skipped > 0) {
      warnings.push({
        file: (advancementsPart.job as Job).file,
        reason: `${advancementsFile.skipped} malformed entries or criterion times ignored`,
      });
    }
    for (const version of [statsFile?.dataVersion, advancementsFile?.dataVersion, playerData?.dataVersion]) {
      if (typeof version === 'number') dataVersions.add(version);
    }

    // Name: usercache is what the server itself keeps current; then Bukkit's record; then the whitelist.
    const cached = usercache.get(uuid);
    const known = playerData?.lastKnownName ?? null;
    const listed = whitelist.get(uuid);
    const [name, nameSource] = cached
      ? [cached.name, 'usercache' as const]
      : known !== null
        ? [known, 'playerdata' as const]
        : listed
          ? [listed.name, 'whitelist' as const]
          : [null, null];

    // last_online (DECISIONS 7): Paper, then Bukkit, then the newest stats/playerdata file time.
    const mtime = (p: { info: Stats | null }): number | null => p.info?.mtimeMs ?? null;
    const fileTimes = [mtime(statsPart), mtime(advancementsPart), mtime(playerdataPart)];
    const activityTime = maxOf([mtime(statsPart), mtime(playerdataPart)]) ?? mtime(advancementsPart);
    const [lastOnline, lastOnlineSource] =
      playerData?.paperLastSeen != null
        ? [playerData.paperLastSeen, 'paper' as const]
        : playerData?.bukkitLastPlayed != null
          ? [playerData.bukkitLastPlayed, 'bukkit' as const]
          : activityTime !== null
            ? [Math.floor(activityTime), 'file-mtime' as const]
            : [null, null];
    const newest = maxOf(fileTimes);
    const oldest = minOf(fileTimes);

    players.push({
      uuid,
      edition: isBedrockUuid(uuid) ? 'bedrock' : 'java',
      name,
      nameSource,
      stats: statsFile?.stats ?? {},
      statsDataVersion: statsFile?.dataVersion ?? null,
      legacyStats: statsFile?.legacy ?? false,
      advancements: advancementsFile?.advancements ?? [],
      advancementsDataVersion: advancementsFile?.dataVersion ?? null,
      recipes: advancementsFile?.recipes ?? { count: 0, earliest: null },
      lastOnline,
      lastOnlineSource,
      firstPlayed: playerData?.bukkitFirstPlayed ?? null,
      playerDataVersion: playerData?.dataVersion ?? null,
      files: {
        stats: statsPart.job?.file ?? null,
        advancements: advancementsPart.job?.file ?? null,
        playerdata: playerdataPart.job?.file ?? null,
      },
      newestMtime: newest === null ? null : Math.floor(newest),
      oldestMtime: oldest === null ? null : Math.floor(oldest),
    });
  }
  players.sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));

  const mods: ModJar[] = [];
  for (let i = firstMod; i < jobs.length; i++) {
    const { info, outcome } = results[i] as JobResult;
    if (info === null || outcome === null || !outcome.ok) continue;
    const hashes = outcome.value as { sha1: string; sha512: string };
    mods.push({ file: modNames[i - firstMod] as string, size: info.size, sha1: hashes.sha1, sha512: hashes.sha512 });
  }

  return {
    root,
    world,
    levelName: location.levelName,
    serverProperties: location.serverProperties,
    floodgatePrefix,
    players,
    dataVersions: [...dataVersions].sort((a, b) => a - b),
    mods,
    warnings: warnings.sort(compareWarnings),
  };
}
