import * as fs from 'node:fs';
import { statSync, watch, type FSWatcher } from 'node:fs';
import { basename, sep } from 'node:path';

/**
 * Tells `readSave` which player files may have changed since its last read, so that a pull
 * stats only those (on a 10,000-player save, 30,000 `stat` calls cost 0.2-0.5 s). See
 * `createSaveWatch`.
 */
export interface SaveWatch {
  /**
   * For one read of `folders` (absolute): the paths that may have changed since the previous
   * call, or null when every file must be stat-ed (the first read, a folder not watchable, a
   * watcher lost, or the periodic full scan due). Resets what it returns.
   */
  changes(folders: readonly string[]): Promise<ReadonlySet<string> | null>;
  /** Names files the next read must stat whatever the watchers saw: those this read could not use (never taken as unchanged). */
  retry(paths: Iterable<string>): void;
  /** The next read stats every file: this one did not finish, so what it was told has changed may not have been read. */
  distrust(reason: string): void;
  /**
   * During a periodic full scan: the paths the watchers named since the previous read, against
   * which the scan checks them (see `missed`); null for any other read.
   */
  named(): ReadonlySet<string> | null;
  /**
   * Told by a periodic full scan of files it found changed that no event named: the watchers
   * cannot be trusted on this file system (a bind mount whose writer is outside this kernel's
   * view, say), so from now on every read stats every file.
   */
  missed(paths: readonly string[]): Promise<void>;
  /** Reads that relied on the watchers and full scans so far. */
  stats(): SaveWatchStats;
  /** Stops watching. Later reads stat every file. */
  close(): void;
}

export interface SaveWatchStats {
  /** Reads that stat-ed only the files the watchers named. */
  watched: number;
  /** Reads that stat-ed every file, and why the last one did. */
  fullScans: number;
  lastFullScanReason: string | null;
  /** Why watching was given up for good (events missed), or null. */
  givenUp: string | null;
}

/** Options of `createSaveWatch`. */
export interface SaveWatchOptions {
  /** Every file is stat-ed at least this often, whatever the watchers say (default 1 hour). */
  fullScanEveryMs?: number;
  /** Milliseconds now (default `Date.now`). */
  clock?: () => number;
}

/** Paths collected between two reads past which the next read simply stats everything (bounded memory). */
const MAX_CHANGED = 100_000;
const DEFAULT_FULL_SCAN_MS = 60 * 60_000;
/**
 * File systems whose changes made elsewhere inotify does not see (NFS, SMB/CIFS, FUSE, 9p,
 * Ceph, AFS…, as `statfs` names them): their saves are stat-ed in full at every read.
 */
const REMOTE_FILE_SYSTEMS = new Set([0x6969, 0x517b, 0xff534d42, 0xfe534d42, 0x65735546, 0x01021997, 0x00c36400, 0x5346414f, 0x6b414653, 0x47504653, 0x013111a8, 0x786f4256]);

const yieldToLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/** A folder's identity: a folder deleted and created again (a backup restored) is another one. */
function identity(folder: string): string | null {
  const info = statSync(folder, { throwIfNoEntry: false });
  return info?.isDirectory() ? `${info.dev}:${info.ino}` : null;
}

function remote(folder: string): boolean {
  // Looked up, not imported: a runtime without `statfsSync` must still load this module.
  const statfs = (fs as { statfsSync?: typeof fs.statfsSync }).statfsSync;
  try {
    return statfs !== undefined && REMOTE_FILE_SYSTEMS.has(statfs(folder).type);
  } catch {
    return false; // no statfs here: watching is still tried, the full scans remain
  }
}

interface Watching {
  folders: readonly string[];
  /** Each folder's identity when its watcher started; null: missing then (nothing to watch until it appears). */
  identities: ReadonlyArray<string | null>;
  watchers: FSWatcher[];
}

/**
 * Watches a save's player folders (`stats`, `advancements`, `playerdata`; not their sub-folders)
 * for `readSave`'s `watch` option. A read stats only the files named by a change since the last
 * read (and any file it has no good summary of); the others keep their cached summaries. Events
 * can be lost, so a read stats every file when it cannot trust them: the first read, a folder
 * created, replaced or removed, a folder on a network file system (every read; NFS, SMB, FUSE:
 * changes made on another machine raise no event), a watcher error, over 100,000 changed names between two reads, and
 * at least every `fullScanEveryMs` (default 1 hour) as a safety net for anything else (an
 * inotify queue overflow is not reported to Node). That periodic scan also checks the watchers:
 * a file it finds changed that no event named (`missed`) means events do not arrive on this file
 * system, and every later read stats every file. `close()` it with the server.
 *
 * @example
 * const cache = createParseCache();
 * const watch = createSaveWatch();
 * const save = await readSave('/srv/minecraft', { cache, watch }); // stats every file
 * const next = await readSave('/srv/minecraft', { cache, watch }); // stats the changed ones
 * watch.close();
 */
export function createSaveWatch(options: SaveWatchOptions = {}): SaveWatch {
  const clock = options.clock ?? Date.now;
  const fullScanEveryMs = options.fullScanEveryMs ?? DEFAULT_FULL_SCAN_MS;
  let watching: Watching | null = null;
  let changed = new Set<string>();
  /** Why the next read must stat everything, or null. */
  let distrust: string | null = 'first read';
  let lastFullScan = -Infinity;
  let closed = false;
  /** The names a periodic full scan checks its findings against (see `named`). */
  let checking: ReadonlySet<string> | null = null;
  const stats: SaveWatchStats = { watched: 0, fullScans: 0, lastFullScanReason: null, givenUp: null };

  const stop = (): void => {
    for (const watcher of watching?.watchers ?? []) watcher.close();
    watching = null;
  };
  const start = (folders: readonly string[]): string | null => {
    stop();
    const identities: Array<string | null> = [];
    const watchers: FSWatcher[] = [];
    watching = { folders: [...folders], identities, watchers };
    for (const folder of folders) {
      const id = identity(folder);
      identities.push(id);
      if (id === null) continue; // a folder appearing later is noticed by its identity
      if (remote(folder)) return `${folder} is on a network file system`;
      // libuv names the folder itself when it is deleted or moved away (its watcher then ends).
      const self = basename(folder);
      try {
        const watcher = watch(folder, { persistent: false }, (_event, name) => {
          if (name === null || name === undefined) distrust ??= `an event without a name in ${folder}`;
          else if (String(name) === self) distrust ??= `${folder} was moved or deleted`;
          else if (changed.size >= MAX_CHANGED) distrust ??= 'too many changes between two reads';
          else changed.add(folder + sep + String(name));
        });
        watcher.on('error', (error: Error) => {
          distrust ??= `watching ${folder} failed: ${error.message}`;
        });
        watchers.push(watcher);
      } catch (error) {
        return `${folder} cannot be watched: ${(error as Error).message}`;
      }
    }
    return null;
  };
  const fullScan = (reason: string): null => {
    stats.fullScans++;
    stats.lastFullScanReason = reason;
    lastFullScan = clock();
    changed = new Set();
    return null;
  };

  return {
    async changes(folders) {
      // Events the kernel has queued are delivered to the watchers' callbacks by the loop.
      await yieldToLoop();
      checking = null;
      if (closed) return fullScan('closed');
      if (stats.givenUp !== null) return fullScan(stats.givenUp);
      const same = watching !== null && watching.folders.length === folders.length && folders.every((f, i) => f === watching!.folders[i]);
      let reason = distrust ?? (same ? null : 'other folders');
      if (reason === null && folders.some((f, i) => identity(f) !== watching!.identities[i])) reason = 'a folder was created, replaced or removed';
      if (reason === null && clock() - lastFullScan >= fullScanEveryMs) reason = 'periodic full scan';
      if (reason === null) {
        stats.watched++;
        const result = changed;
        changed = new Set();
        return result;
      }
      // Watchers (re)started before the files are stat-ed: what changes during the read is seen by the next.
      distrust = null;
      if (!same || reason !== 'periodic full scan') {
        const problem = start(folders);
        if (problem !== null) distrust = problem;
      } else {
        // The watchers kept running since the last read: what they named is checked by this scan.
        checking = changed;
      }
      return fullScan(reason);
    },
    retry(paths) {
      for (const path of paths) {
        if (changed.size >= MAX_CHANGED) distrust ??= 'too many changes between two reads';
        else changed.add(path);
      }
    },
    distrust(reason) {
      distrust ??= reason;
    },
    named: () => checking,
    async missed(paths) {
      if (paths.length === 0 || stats.givenUp !== null) return;
      // A file written while the scan ran raised its event after the scan began: let the loop
      // deliver the events queued so far, and count only files no event named at all.
      await yieldToLoop();
      await yieldToLoop();
      const unnamed = paths.filter((path) => !changed.has(path));
      if (unnamed.length === 0 || closed) return;
      const more = unnamed.length > 1 ? ` and ${unnamed.length - 1} more` : '';
      stats.givenUp = `events missed (${unnamed[0]}${more} changed unnamed): every file is stat-ed`;
      stop();
    },
    stats: () => ({ ...stats }),
    close() {
      closed = true;
      stop();
    },
  };
}
