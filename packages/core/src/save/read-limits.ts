/**
 * Bounds on what the save reader reads. A server directory is written by other programs (the
 * game, plugins, backup tools, people): a 3 GB stats file, a gzip bomb or a crafted NBT file
 * must cost a warning, never the process. Every file is checked against its limit before it is
 * read (its size) and while it is decoded (a `.dat`'s decompressed size); every parse that may
 * take long runs on a worker thread with a time budget.
 */
export interface ReadLimits {
  /** Largest `stats/`, `advancements/` or `playerdata/` file read, in bytes (as on disk). */
  playerFileBytes: number;
  /** Largest decompressed size of a `playerdata/<uuid>.dat`, in bytes (a gzip bomb stops here). */
  playerDataInflatedBytes: number;
  /** Largest root file read (`server.properties`, `usercache.json`, `whitelist.json`, Floodgate's config…), in bytes. */
  rootFileBytes: number;
  /** Largest mod jar hashed, in bytes (jars are streamed, so this bounds time, not memory). */
  modJarBytes: number;
  /** Time one file's parse may take on a worker thread before it is abandoned (ms). */
  fileParseMs: number;
}

const MiB = 1024 * 1024;

/**
 * The defaults: far above anything a real server writes (stats files are tens of KB, a modded
 * player's `.dat` a few MB decompressed, a usercache of 1,000 names ~150 KB), far below what
 * hurts a small VPS.
 *
 * @example
 * readSave('/srv/minecraft', { limits: { ...DEFAULT_READ_LIMITS, playerFileBytes: 1024 * 1024 } });
 */
export const DEFAULT_READ_LIMITS: Readonly<ReadLimits> = Object.freeze({
  playerFileBytes: 16 * MiB,
  playerDataInflatedBytes: 64 * MiB,
  rootFileBytes: 16 * MiB,
  modJarBytes: 1024 * MiB,
  fileParseMs: 30_000,
});

/** The defaults with `partial`'s keys over them. */
export function readLimits(partial: Partial<ReadLimits> = {}): ReadLimits {
  return { ...DEFAULT_READ_LIMITS, ...partial };
}

/**
 * Files at least this large are parsed on a worker thread even when a pull parses its few
 * changed files on the calling thread: parsing 1 MiB of JSON takes ~10 ms, and the largest real
 * player files are ~200 KB.
 */
export const OFF_THREAD_BYTES = 1 * MiB;

/**
 * Counters one stats file may hold. A vanilla 1.21 file can name at most ~9,000 (every block
 * mined, every item in each of five categories, every entity twice, ~80 custom ones); a large
 * modpack a few times that. A 16 MB file of 600,000 made-up keys is refused (skipped with a
 * warning, the player keeping their last good data): every key costs the reading thread a
 * string to take over and the snapshot build a counter, ~2 s of stalled answers at 600,000.
 */
export const MAX_STAT_KEYS = 50_000;

/**
 * Statistic types (`minecraft:mined`, `minecraft:custom`, …) a stats file may hold: the game
 * writes 9, a modpack a few more. A file of a million empty made-up types is refused like one of
 * too many counters: each type is a string to keep.
 */
export const MAX_STAT_TYPES = 1_000;

/** A byte count for people: `20 MiB`, `512 KiB`, `110 B`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MiB) return `${trim(bytes / (1024 * MiB))} GiB`;
  if (bytes >= MiB) return `${trim(bytes / MiB)} MiB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KiB`;
  return `${bytes} B`;
}

function trim(n: number): string {
  return n >= 100 ? String(Math.round(n)) : String(Math.round(n * 10) / 10);
}
