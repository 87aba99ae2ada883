import { closeSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { readBoundedFileSync } from '../save/read-bounded-file.js';
import { join } from 'node:path';

/** A lock older than this was left by a crashed writer: an append takes milliseconds. */
const STALE_AFTER_MS = 10 * 60_000;
const held = new Set<string>();

/**
 * How long a writer waits for a lock held by another live process (ms): the reference server
 * holds it for one append (milliseconds; a re-read of the log when another process appended,
 * seconds at most), so a `blockstats record` started by cron beside it waits its turn instead of
 * failing.
 */
export const RECORD_LOCK_WAIT_MS = 60_000;

/** One attempt: the release function, or the pid of the live process holding the lock. */
function tryLock(path: string, now: number): (() => void) | number {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      held.add(path);
      return () => {
        held.delete(path);
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = lockOwner(path, now);
      if (owner !== null) return owner;
      rmSync(path, { force: true });
    }
  }
  throw new Error(`cannot take the record lock ${path}`);
}

/**
 * Takes `<dir>/.lock` for one append, so a cron job and the reference server never interleave
 * lines (the per-file uuid table must stay consistent). A lock whose process is gone, or that
 * is older than ten minutes at `now`, was left by a crash and is taken over; one held by a live
 * process is waited for, up to `waitMs` (default `RECORD_LOCK_WAIT_MS`), then this throws naming
 * the process. Resolves to the release function.
 */
export async function acquireRecordLock(dir: string, now: number, waitMs: number = RECORD_LOCK_WAIT_MS): Promise<() => void> {
  const path = join(dir, '.lock');
  if (held.has(path)) throw new Error(`a pull is already being recorded into ${dir} by this process`);
  const deadline = performance.now() + waitMs;
  for (let pause = 50; ; pause = Math.min(pause * 2, 1_000)) {
    const got = tryLock(path, now);
    if (typeof got === 'function') return got;
    const left = deadline - performance.now();
    if (left <= 0) {
      throw new Error(
        `the record in ${dir} is being written by another process (pid ${got}) and was not released within ${Math.round(waitMs / 1000)} s; if none is running, delete ${path}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
  }
}

/** The pid holding the lock, or null when the lock is stale (owner gone, or too old). */
function lockOwner(path: string, now: number): number | null {
  let pid: number;
  let mtime: number;
  try {
    // Bounded, never waiting: whatever is in the lock's place (a FIFO, a huge file) is no owner.
    pid = Number.parseInt(readBoundedFileSync(path, 64).toString('utf8'), 10);
    mtime = statSync(path).mtimeMs;
  } catch {
    return null; // vanished or unreadable between our attempts: try again
  }
  if (!Number.isInteger(pid) || pid <= 0 || now - mtime > STALE_AFTER_MS) return null;
  // Our own pid but not in `held`: left by an earlier run in a container that reuses pids.
  if (pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
