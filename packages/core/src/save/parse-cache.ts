import { sep } from 'node:path';

/** Identifies one version of a file: the cache's key. */
export interface FileStamp {
  /** Absolute path. */
  path: string;
  size: number;
  /** Modification time with sub-millisecond precision where the file system has it. */
  mtimeMs: number;
}

/** Counters for checking what the cache saved. */
export interface ParseCacheStats {
  /** Files whose cached summary was reused. */
  hits: number;
  /** Files that had to be read and parsed. */
  misses: number;
  /** Summaries currently held. */
  entries: number;
}

/**
 * Parsed summaries of save files, reused while a file's path, size and modification time are
 * unchanged. Pass the same cache to every `readSave` of a save and a 15-minute pull re-parses
 * only the files the game rewrote since.
 */
export interface ParseCache {
  /**
   * The summary cached for this kind of summary of this file version, or the result of `parse`
   * (then cached). When `parse` throws nothing is cached: a failure is never remembered as the
   * file's content (a file that vanished mid-read, say, keeps its size and modification time and
   * must be read again next time).
   */
  use<T>(kind: string, file: FileStamp, parse: () => Promise<T>): Promise<T>;
  /** The summary cached for this version of the file (counted as a hit), or undefined. */
  get<T>(kind: string, file: FileStamp): T | undefined;
  /**
   * The newest summary cached for this file (`value`) with the stamp it was cached under,
   * without looking at the file (counted as a hit), or undefined: for a read told the file has
   * not changed since (see `SaveWatch`).
   */
  latest<T>(kind: string, path: string): (FileStamp & { readonly value: T }) | undefined;
  /**
   * Counts `count` hits: summaries a read took as they were at its last read without looking
   * them up again (see `readPlayerFiles`). A cache without it is looked up file by file.
   */
  reused?(count: number): void;
  /**
   * Caches the summary just parsed for this version of the file (counted as a miss). Cache data
   * only, never a failure. Returns the stamp the cache keeps (equal to `file`): a reader holding
   * it instead of its own keeps one stamp a file, not two.
   */
  set<T>(kind: string, file: FileStamp, value: T): FileStamp;
  /** Forgets summaries of files below `dir` that `keep` does not list (deleted files). */
  prune(dir: string, keep: ReadonlySet<string>): void;
  stats(): ParseCacheStats;
  /** Summaries currently held of one kind. */
  size(kind: string): number;
  /** Forgets everything and zeroes the counters. */
  clear(): void;
}

interface Entry {
  path: string;
  size: number;
  mtimeMs: number;
  value: unknown;
}

/**
 * Creates an in-memory parse cache for `readSave`. It holds compact summaries (counters,
 * advancement progress, a few NBT fields), never file text. Summaries are shared by every
 * `SaveData` read through the cache: treat `SaveData` as read-only (the reader freezes the
 * shared parts).
 *
 * @example
 * const cache = createParseCache();
 * await readSave('/srv/minecraft', { cache }); // parses everything
 * await readSave('/srv/minecraft', { cache }); // parses only changed files
 * const { hits, misses } = cache.stats(); // hits: the unchanged files of the second read
 */
export function createParseCache(): ParseCache {
  // Kind → path → entry: a lookup per file of a 30,000-file save builds no key string.
  const kinds = new Map<string, Map<string, Entry>>();
  let hits = 0;
  let misses = 0;
  const get = <T>(kind: string, file: FileStamp): T | undefined => {
    const entry = kinds.get(kind)?.get(file.path);
    if (entry === undefined || entry.size !== file.size || entry.mtimeMs !== file.mtimeMs) return undefined;
    hits++;
    return entry.value as T;
  };
  const set = <T>(kind: string, file: FileStamp, value: T): FileStamp => {
    misses++;
    let entries = kinds.get(kind);
    if (entries === undefined) kinds.set(kind, (entries = new Map()));
    const entry: Entry = { path: file.path, size: file.size, mtimeMs: file.mtimeMs, value };
    entries.set(file.path, entry);
    return entry;
  };
  return {
    latest<T>(kind: string, path: string): (FileStamp & { readonly value: T }) | undefined {
      const entry = kinds.get(kind)?.get(path);
      if (entry === undefined) return undefined;
      hits++;
      // The entry is its own stamp (path, size, mtimeMs): nothing allocated per file.
      return entry as FileStamp & { readonly value: T };
    },
    async use<T>(kind: string, file: FileStamp, parse: () => Promise<T>): Promise<T> {
      const cached = get<T>(kind, file);
      if (cached !== undefined) return cached;
      const value = await parse();
      set(kind, file, value);
      return value;
    },
    get,
    set,
    reused(count: number): void {
      hits += count;
    },
    prune(dir: string, keep: ReadonlySet<string>): void {
      const prefix = dir.endsWith(sep) ? dir : dir + sep;
      for (const entries of kinds.values()) {
        for (const path of entries.keys()) {
          if (path.startsWith(prefix) && !keep.has(path)) entries.delete(path);
        }
      }
    },
    size: (kind: string) => kinds.get(kind)?.size ?? 0,
    stats: () => {
      let count = 0;
      for (const entries of kinds.values()) count += entries.size;
      return { hits, misses, entries: count };
    },
    clear(): void {
      kinds.clear();
      hits = 0;
      misses = 0;
    },
  };
}
