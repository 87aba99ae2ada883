import { spawn, spawnSync } from 'node:child_process';
import { openSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';

// A server's log as the API benchmark gives it one: stdout into a pipe (as under systemd or
// Docker), drained by `cat` on the client's core into a file the bench reads after each run.
// Every server that logs (`blockstats serve`, the Fastify yardstick) gets the same pipe, so each
// pays the same for its log; counting the request lines proves logging was on and that every
// answer had the expected status.

/** Request log lines since the last take, by status. */
export interface LogCount {
  lines: number;
  statuses: Record<string, number>;
}

/** An open log pipe. */
export interface LogPipe {
  /** The pipe's write end, for the server's stdout: close it in the bench once the server holds it. */
  fd: number;
  /** Everything logged since the last `take`. */
  read(): string;
  /**
   * Request lines (`status` captures the status of one) logged since the last call, once there
   * are at least `expected` (or 10 s passed) and the log stopped growing for 300 ms; the log is emptied.
   */
  take(expected: number, status: RegExp): Promise<LogCount>;
  /** Waits for the reader to end (after the server exited) and removes the pipe and log. */
  close(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Makes `<base>-stdout.fifo` drained into `<base>-log.jsonl` by `cat` pinned to `core`. */
export function openLogPipe(base: string, core: number): LogPipe {
  const logFile = `${base}-log.jsonl`;
  const fifo = `${base}-stdout.fifo`;
  rmSync(fifo, { force: true });
  writeFileSync(logFile, '');
  const made = spawnSync('mkfifo', [fifo], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`mkfifo ${fifo} failed: ${made.stderr}`);
  // The reader first: opening a FIFO for writing waits for its reader. `>>` opens the log for
  // appending, so the bench may empty it between runs.
  const reader = spawn('taskset', ['-c', String(core), 'sh', '-c', 'exec cat "$0" >> "$1"', fifo, logFile], { stdio: 'ignore' });
  const readerExited = new Promise<void>((resolve) => reader.once('exit', () => resolve()));
  const fd = openSync(fifo, 'w');
  return {
    fd,
    read: () => readFileSync(logFile, 'utf8'),
    take: (expected, status) => takeLines(logFile, expected, status),
    close: async () => {
      await readerExited;
      for (const path of [logFile, fifo]) rmSync(path, { force: true });
    },
  };
}

/** Counts the lines `status` matches, by its first group. */
export function countStatuses(text: string, status: RegExp): LogCount {
  const statuses: Record<string, number> = {};
  let lines = 0;
  for (const match of text.matchAll(new RegExp(status.source, 'g'))) {
    lines++;
    statuses[match[1]!] = (statuses[match[1]!] ?? 0) + 1;
  }
  return { lines, statuses };
}

/**
 * Waits until the log holds at least `expected` request lines (the server writes them within a
 * few milliseconds, a busy machine may take longer) and stopped growing (answers still in flight
 * when wrk stopped), counts them by status and empties the log.
 */
async function takeLines(logFile: string, expected: number, status: RegExp): Promise<LogCount> {
  const deadline = Date.now() + 10_000;
  let size = -1;
  /** Polls (100 ms apart) the log has kept its size: a loaded server writes its last lines late. */
  let still = 0;
  for (;;) {
    const now = statSync(logFile).size;
    still = now === size ? still + 1 : 0;
    if (still >= 3 && (Date.now() > deadline || countStatuses(readFileSync(logFile, 'utf8'), status).lines >= expected)) break;
    size = now;
    await sleep(100);
  }
  const text = readFileSync(logFile, 'utf8');
  truncateSync(logFile, 0);
  return countStatuses(text, status);
}

/** Polls the log until `match` finds a line (the server's `listening` line); `failed` says why to give up early. */
export async function waitForLine<T>(pipe: LogPipe, match: (line: string) => T | null, timeoutMs: number, failed: () => string | null): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const line of pipe.read().split('\n')) {
      const found = line === '' ? null : match(line);
      if (found !== null) return found;
    }
    const why = failed();
    if (why) throw new Error(why);
    if (Date.now() > deadline) throw new Error(`no listening line within ${timeoutMs} ms`);
    await sleep(200);
  }
}
