import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * The file in a data directory that names the process recording into it.
 *
 * Why not `proper-lockfile`: it stales a lock by the age of its mtime, which it must keep
 * touching every few seconds, and records nothing about the holder; what is asked of this lock is
 * the holder's pid, host and start time in the refusal, and "stale" meaning "that process is
 * gone". An `O_EXCL` create of a small JSON file and a `kill(pid, 0)` do exactly that, in a few
 * lines, like the record's own append lock (core's `record-lock.ts`).
 */
export const DATA_DIR_LOCK = 'data-dir.lock';

/** Who holds a data directory: what the lock file says. */
export interface DataDirHolder {
  pid: number;
  host: string;
  /** When the holder took the lock (ISO 8601). */
  started: string;
  /** The holder's command line, for the message. */
  command: string;
}

/** Thrown when another live process records into the data directory. */
export class DataDirLockedError extends Error {
  readonly holder: DataDirHolder;
  constructor(dataDir: string, holder: DataDirHolder) {
    const where = holder.host === hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on host ${holder.host}`;
    super(
      `the data directory ${dataDir} is in use by another blockstats process (${where}, running since ${holder.started}: ${holder.command}). `
      + 'Two processes recording into one directory would each miss the other\'s pulls: stop that one first, or give this one its own --data. '
      + `If that process is gone (another host's lock cannot be checked), delete ${join(dataDir, DATA_DIR_LOCK)}.`,
    );
    this.name = 'DataDirLockedError';
    this.holder = holder;
  }
}

/** A held data-directory lock. */
export interface DataDirLock {
  /** Removes the lock file, if it still names this process. */
  release(): Promise<void>;
}

/** Options of {@link lockDataDir}. */
export interface LockDataDirOptions {
  /** Told when a lock left by a process that is gone is taken over (for a warning). */
  onTakeOver?: (stale: DataDirHolder | null) => void;
  clock?: () => number;
}

/** Directories this process holds: a second lock from the same process is refused too. */
const held = new Set<string>();

/**
 * Takes the data directory for this process (`blockstats serve`, `blockstats record`), creating
 * it when missing: writes {@link DATA_DIR_LOCK} with `O_EXCL`. When another live process holds it
 * (or a process on another host, which cannot be checked), throws {@link DataDirLockedError}
 * naming it. A lock whose process is gone (a crash, a kill -9) is taken over, told to `onTakeOver`.
 *
 * @example
 * const lock = await lockDataDir('/var/lib/blockstats', { onTakeOver: (stale) => log.warn(stale) });
 * // … record pulls …
 * await lock.release();
 */
export async function lockDataDir(dataDir: string, options: LockDataDirOptions = {}): Promise<DataDirLock> {
  const path = join(dataDir, DATA_DIR_LOCK);
  const me: DataDirHolder = {
    pid: process.pid,
    host: hostname(),
    started: new Date((options.clock ?? Date.now)()).toISOString(),
    command: process.argv.slice(1).join(' ').slice(0, 300),
  };
  const text = `${JSON.stringify(me)}\n`;
  if (held.has(path)) throw new DataDirLockedError(dataDir, await readHolder(path) ?? me);
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(path, text, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = await readHolder(path);
    if (holder && alive(holder)) throw new DataDirLockedError(dataDir, holder);
    // Stale: replaced in one rename, then read back, so that of two processes taking it over at
    // once the one whose rename came last holds it and the other is refused.
    const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, text);
    await rename(temporary, path);
    const now = await readHolder(path);
    if (!now || now.pid !== me.pid || now.host !== me.host) throw new DataDirLockedError(dataDir, now ?? me);
    options.onTakeOver?.(holder);
  }
  held.add(path);
  return {
    async release() {
      if (!held.delete(path)) return;
      const now = await readHolder(path);
      if (now && now.pid === me.pid && now.host === me.host) await rm(path, { force: true });
    },
  };
}

/** What the lock file says, or null when it is missing or unreadable (a torn write: stale). */
async function readHolder(path: string): Promise<DataDirHolder | null> {
  try {
    const parsed = JSON.parse((await readFile(path, 'utf8')).slice(0, 2_000)) as Partial<DataDirHolder>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0 || typeof parsed.host !== 'string') return null;
    return { pid: parsed.pid, host: parsed.host, started: String(parsed.started ?? 'an unknown time'), command: String(parsed.command ?? 'unknown command') };
  } catch {
    return null;
  }
}

/** Whether the holder may still run: on another host it cannot be checked, so it counts as alive. */
function alive(holder: DataDirHolder): boolean {
  if (holder.host !== hostname()) return true;
  // Our own pid, not in `held`: left by an earlier run in a container that reuses pids.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
