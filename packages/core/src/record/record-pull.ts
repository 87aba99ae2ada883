import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, statSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { applyEntry } from './apply-entry.js';
import { encodeEntry, isLogFileName, LOG_HEADER, logFileName } from './log-format.js';
import type { RecordLog } from './open-record.js';
import { pullEntry } from './pull-entry.js';
import { readLog, recordDir } from './read-log.js';
import { acquireRecordLock } from './record-lock.js';
import type { Pull } from './types.js';

/** Options of `recordPull`. */
export interface RecordPullOptions {
  /**
   * Flush to disk before resolving (default true). Only bulk writers that can redo their work
   * after a crash (an import, the demo generator) turn it off; a synced pull flushes its own
   * monthly file only.
   */
  sync?: boolean;
  /** How long to wait for the lock held by another live writer (ms; default `RECORD_LOCK_WAIT_MS`, 60 s). */
  lockWaitMs?: number;
}

/** What `recordPull` wrote. */
export interface RecordedPull {
  at: number;
  /** The file appended to, relative to the data directory. */
  file: string;
  /** Player lines written (changed or first-seen players; everyone in a month's first pull). */
  players: number;
  online: number | null;
  /**
   * Whether the log was read again from disk first, because another writer appended to it (or
   * its files changed) since this log last wrote: `log.record` may then differ from what the
   * caller last saw.
   */
  reread: boolean;
}

/**
 * Appends one pull to the log and flushes it to disk (fsync) before returning: once this
 * resolves the pull counts as done and survives a crash. `log.record` is updated in place.
 *
 * Only players whose counters changed get a line, except in the first pull of a monthly file,
 * which lists everyone so each file stands alone. A torn last line left by a crash is cut off
 * first (with a warning). If another process appended since `openRecord`, the log is re-read.
 * A lock held by another live writer is waited for (`lockWaitMs`). Throws on a malformed pull, a
 * pull not later than the last one, a lock not released in time, a monthly file that could not
 * be read (it is never appended to) or a failed write (ENOSPC, EROFS…); nothing is recorded then.
 *
 * @example
 * ```ts
 * const log = await openRecord('/srv/blockstats-data');
 * await recordPull(log, { at: Date.now(), online: 2, counters: {
 *   '069a79f4-44e9-4726-a5be-fca90e38aaf5': { play_time: 72000, deaths: 2 },
 * } });
 * ```
 */
export async function recordPull(log: RecordLog, pull: Pull, options: RecordPullOptions = {}): Promise<RecordedPull> {
  const dir = recordDir(log.dataDir);
  mkdirSync(dir, { recursive: true });
  const release = await acquireRecordLock(dir, pull.at, options.lockWaitMs);
  try {
    const reread = await resync(log, dir);
    // A time that is no number has no file name: pullEntry refuses it below, naming it.
    const timed = typeof pull.at === 'number' && Number.isFinite(pull.at);
    // A month's first line (or a file cut to nothing) holds every player: files stand alone.
    // Cutting a torn line below leaves `validLength` as it is.
    const fresh = !timed || !log.tail || log.tail.name !== logFileName(pull.at) || log.tail.validLength === 0;
    // Validated (it throws for a malformed pull) before touching the disk; computed once, as
    // comparing every player's counters with the record is most of a pull's recording time.
    const entry = pullEntry(log.record, pull, { full: fresh });
    const name = logFileName(pull.at);

    let tail = log.tail;
    if (tail && tail.unreadable !== null && tail.name === logFileName(pull.at)) {
      throw new Error(`record/${tail.name} could not be read (${tail.unreadable}); not appending to it until it can be`);
    }
    if (tail && tail.tornBytes > 0) {
      truncateSync(join(dir, tail.name), tail.validLength);
      log.warnings.push({
        file: `record/${tail.name}`,
        line: null,
        reason: `cut off a torn last line (${tail.tornBytes} bytes) before appending`,
      });
      tail = log.tail = { ...tail, size: tail.validLength, tornBytes: 0 };
    }

    const { line, state } = encodeEntry(entry, fresh ? { columns: [], index: new Map() } : tail!.state);
    const path = join(dir, name);
    log.tail = null; // until the append is known to be complete, force a re-read on trouble
    const size = appendDurably(path, fresh ? LOG_HEADER + line : line, fresh, options.sync ?? true);
    applyEntry(log.record, entry);
    log.tail = { name, size, validLength: size, tornBytes: 0, state, unreadable: null };
    return { at: pull.at, file: `record/${name}`, players: entry.uuids.length, online: pull.online, reread };
  } finally {
    release();
  }
}

/** Re-reads the log when the newest file on disk is not the one this log last wrote; true when it did. */
async function resync(log: RecordLog, dir: string): Promise<boolean> {
  const newest = readdirSync(dir).filter(isLogFileName).sort().at(-1);
  const size = newest === undefined ? null : statSync(join(dir, newest)).size;
  const known = log.tail;
  if (newest === undefined ? known === null : known?.name === newest && known.size === size) return false;
  const fresh = await readLog(log.dataDir, log.options);
  Object.assign(log.record, fresh.record);
  log.warnings.splice(0, log.warnings.length, ...fresh.warnings);
  log.tail = fresh.tail;
  return true;
}

/** Appends `text` with one write loop and an fsync; a new file's directory entry is synced too. */
function appendDurably(path: string, text: string, created: boolean, sync: boolean): number {
  const bytes = Buffer.from(text, 'utf8');
  const fd = openSync(path, 'a');
  let size: number;
  try {
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    if (sync) fsyncSync(fd);
    size = statSync(path).size;
  } finally {
    closeSync(fd);
  }
  if (created && sync) {
    try {
      const dirFd = openSync(join(path, '..'), 'r');
      try {
        fsyncSync(dirFd);
      } finally {
        closeSync(dirFd);
      }
    } catch {
      // Directories cannot be fsynced on every platform (Windows); the file itself is synced.
    }
  }
  return size;
}
