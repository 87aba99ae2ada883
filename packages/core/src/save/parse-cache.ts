import { sep } from 'node:path';

/** Identifies one version of a file: the cache's key. */
export interface FileStamp {
  /** The file's folder, absolute. */
  readonly dir: string;
  /** The file's name in `dir`. */
  readonly name: string;
  /** Absolute path (`dir`, the separator, `name`): made when asked, not held. */
  readonly path: string;
  readonly size: number;
  /** Modification time with sub-millisecond precision where the file system has it. */
  readonly mtimeMs: number;
}

/**
 * A stamp holding its folder and name, not its path: a cache of 150,000 files keeps the folder
 * strings it shares with the listing and the names it lists, not 150,000 paths (~120 bytes each).
 */
class Stamp implements FileStamp {
  readonly dir: string;
  readonly name: string;
  readonly size: number;
  readonly mtimeMs: number;
  constructor(dir: string, name: string, size: number, mtimeMs: number) {
    this.dir = dir;
    this.name = name;
    this.size = size;
    this.mtimeMs = mtimeMs;
  }
  get path(): string {
    return pathOf(this.dir, this.name);
  }
}

/** The path of file `name` in folder `dir` (a root folder ends with the separator already). */
export function pathOf(dir: string, name: string): string {
  return dir.endsWith(sep) ? dir + name : dir + sep + name;
}

/**
 * The stamp of a file `name` in folder `dir` (absolute).
 *
 * @example
 * fileStamp('/srv/mc/world/stats', '069a79f4-44e9-4726-a5be-fca90e38aaf5.json', 1320, 1764400000000.5).path;
 * // '/srv/mc/world/stats/069a79f4-44e9-4726-a5be-fca90e38aaf5.json'
 */
export function fileStamp(dir: string, name: string, size: number, mtimeMs: number): FileStamp {
  return new Stamp(dir, name, size, mtimeMs);
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
  latest<T>(kind: string, dir: string, name: string): (FileStamp & { readonly value: T }) | undefined;
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

/** A cached summary: its own stamp (nothing else allocated per file). */
class Entry extends Stamp {
  readonly value: unknown;
  constructor(file: FileStamp, value: unknown) {
    super(file.dir, file.name, file.size, file.mtimeMs);
    this.value = value;
  }
}

/** Folder → name → entry, of one kind of summary. */
type Folders = Map<string, Map<string, Entry>>;

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
  // Kind → folder → name → entry: the keys are the listing's folder and name strings, so a
  // lookup builds no key string and an entry holds no path.
  const kinds = new Map<string, Folders>();
  let hits = 0;
  let misses = 0;
  const entryOf = (kind: string, dir: string, name: string): Entry | undefined => kinds.get(kind)?.get(dir)?.get(name);
  const get = <T>(kind: string, file: FileStamp): T | undefined => {
    const entry = entryOf(kind, file.dir, file.name);
    if (entry === undefined || entry.size !== file.size || entry.mtimeMs !== file.mtimeMs) return undefined;
    hits++;
    return entry.value as T;
  };
  const set = <T>(kind: string, file: FileStamp, value: T): FileStamp => {
    misses++;
    let folders = kinds.get(kind);
    if (folders === undefined) kinds.set(kind, (folders = new Map()));
    let entries = folders.get(file.dir);
    if (entries === undefined) folders.set(file.dir, (entries = new Map()));
    const entry = new Entry(file, value);
    entries.set(file.name, entry);
    return entry;
  };
  const count = (folders: Folders | undefined): number => {
    let n = 0;
    if (folders !== undefined) for (const entries of folders.values()) n += entries.size;
    return n;
  };
  return {
    latest<T>(kind: string, dir: string, name: string): (FileStamp & { readonly value: T }) | undefined {
      const entry = entryOf(kind, dir, name);
      if (entry === undefined) return undefined;
      hits++;
      // The entry is its own stamp (folder, name, size, mtimeMs): nothing allocated per file.
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
      for (const folders of kinds.values()) {
        for (const [folder, entries] of folders) {
          if (folder !== dir && !pathOf(folder, '').startsWith(prefix)) continue;
          for (const name of entries.keys()) if (!keep.has(pathOf(folder, name))) entries.delete(name);
          if (entries.size === 0) folders.delete(folder);
        }
      }
    },
    size: (kind: string) => count(kinds.get(kind)),
    stats: () => {
      let entries = 0;
      for (const folders of kinds.values()) entries += count(folders);
      return { hits, misses, entries };
    },
    clear(): void {
      kinds.clear();
      hits = 0;
      misses = 0;
    },
  };
}
