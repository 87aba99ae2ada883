import { statSync } from 'node:fs';
import { sep } from 'node:path';
import type { SaveFile, SaveListing } from './list-save-files.js';
import { deepFreeze } from './packed.js';
import { fileStamp, type FileStamp, type ParseCache } from './parse-cache.js';
import { parseInWorkers } from './parse-in-workers.js';
import type { ParseWorkerPool } from './parse-worker-pool.js';
import type { PlayerFileKind } from './parse-player-file.js';
import { parseRequest, type ParseOutcome } from './parse-request.js';
import { readErrorReason } from './read-error-reason.js';
import { formatBytes, OFF_THREAD_BYTES, type ReadLimits } from './read-limits.js';

/** What reading one player file gave: its stamp (null when it could not be stat-ed) and its summary or failure. */
export interface PlayerFileResult {
  /** Size and modification time (the stamp, not the `Stats`: thirty thousand of those would outlive the read). */
  stamp: FileStamp | null;
  outcome: ParseOutcome;
}

/** How `readPlayerFiles` reads. */
export interface ReadPlayerFilesOptions {
  cache: ParseCache | undefined;
  limits: ReadLimits;
  /** Worker threads for parsing (0: only files of `OFF_THREAD_BYTES` or more get one). */
  threads: number;
  /** Changed files from which all parsing moves to the worker threads. */
  threadsFrom: number;
  /**
   * Worker threads kept between reads: fewer changed files than `threadsFrom` (but at least
   * `POOLED_FROM`) are parsed on them; more are parsed on them and started ones beside. They are
   * kept for the next read unless this one parsed a tenth of the save or more.
   */
  pool?: ParseWorkerPool | undefined;
  /** uuid → index in `files` of each of its files (the listing's `byUuid`). */
  byUuid: SaveListing['byUuid'];
  /** Called with how many files have their outcome. */
  onProgress: (done: number) => void;
  signal: AbortSignal | undefined;
  /**
   * The paths that may have changed since the last read (see `SaveWatch`): any other file with
   * a cached summary keeps it without being stat-ed. Null: every file is stat-ed.
   */
  changed?: ReadonlySet<string> | null;
  /**
   * With every file stat-ed (`changed` null): the paths the watchers named since the last read.
   * A file new or changed since its cached summary that is not among them goes to `onMissed`
   * (see `SaveWatch.missed`).
   */
  named?: ReadonlySet<string> | null;
  onMissed?: (path: string) => void;
}

/**
 * Player files handled between two yields to the event loop: a few milliseconds of parsing, so a
 * server answering requests while it pulls stays responsive.
 */
const FILES_PER_SLICE = 12;
/** Unchanged files (one stat each) handled between two yields. */
const STATS_PER_SLICE = 400;
/**
 * Changed files from which a read with kept workers (`pool`) parses on them: below, the round
 * trips cost more than the parsing they move off this thread.
 */
const POOLED_FROM = 16;
/**
 * A read that parses at least 1/10 of the save's files (a first start, a restored backup) does
 * not keep its workers: below, it does (at 50,000 players a 1 % change is 1,500 files, which
 * `threadsFrom` sends to workers: kept ones, warm).
 */
const KEEP_BELOW_SHARE = 10;

const yieldToLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/** Stats a file; a vanished one, another kind of file, or one over the size limit fails without being read. */
function statFile(file: SaveFile, maxBytes: number): { stamp: FileStamp } | { stamp: null; outcome: ParseOutcome } {
  try {
    const info = statSync(file.path);
    if (!info.isFile()) return { stamp: null, outcome: { ok: false, reason: `${info.isDirectory() ? 'a folder' : 'a FIFO, socket or device'}, not a regular file; skipped` } };
    if (info.size > maxBytes) {
      return { stamp: null, outcome: { ok: false, reason: `is ${formatBytes(info.size)}, over the ${formatBytes(maxBytes)} size limit; skipped` } };
    }
    return { stamp: fileStamp(file.dir, file.name, info.size, info.mtimeMs) };
  } catch (error) {
    return { stamp: null, outcome: { ok: false, reason: readErrorReason(error) } };
  }
}

/**
 * Reads a save's player files: every file is stat-ed (with a save watch, only those it named, see
 * `everyFile` and `fromLastRead`); unchanged ones (same size and modification time) come from
 * the cache; the others are parsed: on worker threads when there are many, else
 * on this thread a few between yields to the event loop, except files of `OFF_THREAD_BYTES` or
 * more, which always get a worker thread and a time budget of their own. Only summaries are
 * cached, never failures: a file that could not be read is read again next time.
 */
export async function readPlayerFiles(files: readonly SaveFile[], options: ReadPlayerFilesOptions): Promise<{ results: PlayerFileResult[]; touched: number[] }> {
  const { cache, limits, signal } = options;
  const sorted = (await fromLastRead(files, options)) ?? (await everyFile(files, options));
  const { results, touched, small, large } = sorted;
  let { done } = sorted;

  const settle = (i: number, outcome: ParseOutcome): void => {
    deepFreeze(outcome);
    results[i]!.outcome = outcome;
    // The cache's stamp replaces the stat's: one stamp object a file is held between reads.
    if (outcome.ok && cache !== undefined) results[i]!.stamp = cache.set(files[i]!.kind, results[i]!.stamp!, outcome);
  };
  // Many changed files (a first start): all on worker threads, this thread stays free to serve.
  // Fewer, with workers kept between reads (a server's pulls): on those, kept for the next read.
  const changedCount = small.length + large.length;
  const allOnWorkers = options.threads > 0 && changedCount >= options.threadsFrom;
  // Kept workers are let go (their heaps with them) after a read of a large share of the save.
  const keep = changedCount * KEEP_BELOW_SHARE < files.length;
  const pooled = !allOnWorkers && options.threads > 0 && options.pool !== undefined && small.length >= POOLED_FROM;
  if (pooled) {
    const parsed = await parseInWorkers(
      small.map((i) => ({ kind: files[i]!.kind as PlayerFileKind, path: files[i]!.path })),
      { threads: options.threads, limits, pool: options.pool, keep: true, ...(signal ? { signal } : {}) },
    );
    if (parsed !== null) {
      small.forEach((i, k) => settle(i, parsed[k]!));
      done += small.length;
      options.onProgress(done);
      small.length = 0;
    }
  }
  const onWorkers = allOnWorkers ? [...small, ...large].sort((a, b) => a - b) : large;
  const inline = allOnWorkers ? [] : small;
  if (onWorkers.length > 0) {
    const base = done;
    const parsed = await parseInWorkers(
      onWorkers.map((i) => ({ kind: files[i]!.kind as PlayerFileKind, path: files[i]!.path })),
      {
        threads: Math.max(1, Math.min(options.threads, onWorkers.length)),
        limits,
        // Large files one at a time: each has the time budget of one file.
        ...(allOnWorkers ? { pool: options.pool, keep } : { batchSize: 1 }),
        ...(signal ? { signal } : {}),
        onProgress: (n) => options.onProgress((done = base + n)),
      },
    );
    if (parsed === null) inline.push(...onWorkers); // no worker thread here: bounded reads, parsed here
    else onWorkers.forEach((i, k) => settle(i, parsed[k]!));
    done = base + (parsed === null ? 0 : onWorkers.length);
  }
  for (let m = 0; m < inline.length; m++) {
    const i = inline[m]!;
    settle(i, parseRequest({ kind: files[i]!.kind as PlayerFileKind, path: files[i]!.path }, undefined, limits));
    options.onProgress(++done);
    if ((m + 1) % FILES_PER_SLICE === 0) {
      await yieldToLoop();
      signal?.throwIfAborted();
    }
  }
  if (cache !== undefined) rememberRead(cache, files, results);
  return { results, touched };
}

/** What `readPlayerFiles` found before parsing: each file's result so far, and what is left to parse. */
interface SortedOut {
  results: PlayerFileResult[];
  touched: number[];
  /** Files to parse, by size (see `OFF_THREAD_BYTES`). */
  small: number[];
  large: number[];
  /** Files with their outcome already. */
  done: number;
}

/** A fresh `SortedOut` for `files`. */
function sortedOut(files: readonly SaveFile[]): SortedOut {
  return { results: new Array<PlayerFileResult>(files.length), touched: [], small: [], large: [], done: 0 };
}

/**
 * Stats file `i`: a failure, the cached summary of this version, or a file to parse. Every file
 * the cache cannot vouch for goes through here.
 */
function statOne(files: readonly SaveFile[], i: number, out: SortedOut, options: ReadPlayerFilesOptions): void {
  const file = files[i]!;
  const stated = statFile(file, options.limits.playerFileBytes);
  if (stated.stamp === null) {
    out.results[i] = { stamp: null, outcome: stated.outcome };
    out.touched.push(i);
    options.onProgress(++out.done);
    return;
  }
  const cached = options.cache?.get<ParseOutcome>(file.kind, stated.stamp);
  out.results[i] = { stamp: stated.stamp, outcome: cached ?? { ok: false, reason: 'not read' } };
  if (cached !== undefined) {
    options.onProgress(++out.done);
    return;
  }
  out.touched.push(i);
  (stated.stamp.size >= OFF_THREAD_BYTES ? out.large : out.small).push(i);
  if (options.named && !options.named.has(file.path)) options.onMissed?.(file.path);
}

/**
 * Every file looked at: one the watchers did not name (`changed`) with a summary cached from a
 * good read keeps it without a stat; any other is stat-ed (`statOne`).
 */
async function everyFile(files: readonly SaveFile[], options: ReadPlayerFilesOptions): Promise<SortedOut> {
  const { cache, signal } = options;
  const changed = options.changed ? namesByFolder(options.changed) : null;
  const out = sortedOut(files);
  for (let i = 0; i < files.length; i++) {
    const file = files[i]!;
    // Unchanged by the watchers' account, and read well last time: its summary as it was.
    const kept = changed !== null && changed.get(file.dir)?.has(file.name) !== true ? cache?.latest<ParseOutcome>(file.kind, file.dir, file.name) : undefined;
    if (kept !== undefined) {
      out.results[i] = { stamp: kept, outcome: kept.value };
      options.onProgress(++out.done);
    } else {
      statOne(files, i, out, options);
    }
    if ((i + 1) % STATS_PER_SLICE === 0) {
      await yieldToLoop();
      signal?.throwIfAborted();
    }
  }
  return out;
}

/** Paths split into folder → names (a lookup per listed file then builds no path). */
function namesByFolder(paths: ReadonlySet<string>): Map<string, Set<string>> {
  const byFolder = new Map<string, Set<string>>();
  for (const path of paths) {
    const cut = path.lastIndexOf(sep);
    const dir = path.slice(0, cut);
    let names = byFolder.get(dir);
    if (names === undefined) byFolder.set(dir, (names = new Set()));
    names.add(path.slice(cut + 1));
  }
  return byFolder;
}

/** The index in `files` of the listed file at `path`, found through its uuid (`byUuid`), or undefined. */
function indexOfPath(files: readonly SaveFile[], byUuid: SaveListing['byUuid'], path: string): number | undefined {
  const cut = path.lastIndexOf(sep);
  const name = path.slice(cut + 1);
  const listed = name.length > 36 ? byUuid.get(name.slice(0, 36).toLowerCase()) : undefined;
  if (listed === undefined) return undefined;
  const dir = path.slice(0, cut);
  for (const i of [listed.stats, listed.advancements, listed.playerdata]) {
    if (i !== undefined && files[i]!.name === name && files[i]!.dir === dir) return i;
  }
  return undefined;
}

/** The results of the last read through a cache, for the next read of the same listing. */
interface LastRead {
  files: readonly SaveFile[];
  results: readonly PlayerFileResult[];
  /** The cache's hits and misses after that read: fewer now means it was cleared since. */
  lookups: number;
}

const lastReads = new WeakMap<ParseCache, LastRead>();

function rememberRead(cache: ParseCache, files: readonly SaveFile[], results: readonly PlayerFileResult[]): void {
  const { hits, misses } = cache.stats();
  lastReads.set(cache, { files, results, lookups: hits + misses });
}

/**
 * `everyFile` without the loop over every file, when the listing is the last read's (the same
 * array) and the watchers named what changed: the files they did not name are those `everyFile`
 * would keep from the cache (a file that failed is named again, see `SaveWatch.retry`), with the
 * same results as then, so those are copied; only the named files are stat-ed. Null when it does
 * not apply.
 */
async function fromLastRead(files: readonly SaveFile[], options: ReadPlayerFilesOptions): Promise<SortedOut | null> {
  const { cache, signal } = options;
  const changed = options.changed ?? null;
  const last = cache === undefined ? undefined : lastReads.get(cache);
  if (cache?.reused === undefined || changed === null || last === undefined || last.files !== files) return null;
  const { hits, misses } = cache.stats();
  if (hits + misses < last.lookups) return null;
  const look = new Set<number>();
  for (const path of changed) {
    // Through the listing's uuid index: no path → index map of every file is kept.
    const i = indexOfPath(files, options.byUuid, path);
    if (i !== undefined) look.add(i);
  }
  const out = sortedOut(files);
  out.results = last.results.slice();
  out.done = files.length - look.size;
  cache.reused(out.done);
  options.onProgress(out.done);
  // A restored backup names every file: as many stats between yields as `everyFile` makes.
  let stated = 0;
  for (const i of [...look].sort((a, b) => a - b)) {
    statOne(files, i, out, options);
    if (++stated % STATS_PER_SLICE === 0) {
      await yieldToLoop();
      signal?.throwIfAborted();
    }
  }
  return out;
}
