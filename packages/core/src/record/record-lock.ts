import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** A lock older than this was left by a crashed writer: an append takes milliseconds. */
const STALE_AFTER_MS = 10 * 60_000;
const held = new Set<string>();

/**
 * Takes `<dir>/.lock` for one append, so a cron job and the reference server never interleave
 * lines (the per-file uuid table must stay consistent). A lock whose process is gone, or that
 * is older than ten minutes at `now`, was left by a crash and is taken over.
 * Returns the release function.
 */
export function acquireRecordLock(dir: string, now: number): () => void {
  const path = join(dir, '.lock');
  if (held.has(path)) throw new Error(`a pull is already being recorded into ${dir} by this process`);
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
      if (owner !== null) {
        throw new Error(
          `the record in ${dir} is being written by another process (pid ${owner}); if none is running, delete ${path}`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`cannot take the record lock ${path}`);
}

/** The pid holding the lock, or null when the lock is stale (owner gone, or too old). */
function lockOwner(path: string, now: number): number | null {
  let pid: number;
  let mtime: number;
  try {
    pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
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
