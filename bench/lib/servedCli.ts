import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pinProcess, waitIdle } from './cores.js';
import { runtimeSpec, type Runtime } from './runtime.js';
import { stopChild } from './stopChild.js';

// `blockstats serve` as the API benchmark runs it: the CLI as users start it (the build with
// plain node, or the sources through tsx), its defaults except where the bench says, and its
// log on stdout going into a pipe (as under systemd or Docker) drained by `cat` on the client's
// core into a file the bench reads after each run: every request's log line is counted, so a
// run proves logging was on and that every answer had the expected status.

/** A running `blockstats serve`. */
export interface ServedCli {
  url: string;
  pid: number;
  /** The command line, for the table. */
  command: string;
  /**
   * Request log lines written since the last call, by status, once there are at least
   * `expected` (or 10 s passed) and the log stopped growing; the log file is emptied.
   */
  takeLog(expected: number): Promise<{ lines: number; statuses: Record<string, number> }>;
  /** SIGTERM (SIGKILL after 15 s); removes its data folder and log. */
  stop(): Promise<void>;
}

/** How to start it. */
export interface ServeSpec {
  /** Short name for its files (`deployed`, `no-limit`). */
  name: string;
  /** The generated server directory. */
  serverDir: string;
  workDir: string;
  runtime: Runtime;
  /** The configuration file's content (JSON). */
  config: Record<string, unknown>;
  /** Extra `serve` flags (e.g. `--rate-limit 0`). */
  flags: readonly string[];
  /** The core the server is pinned to once it listens (its first pull may use every core). */
  serverCore: number;
  /** The core the pipe's reader runs on. */
  logCore: number;
  /** How long the first pull may take. */
  timeoutMs?: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `blockstats serve` and resolves once its `listening` line is logged and its first
 * pull's background writes are done (it is idle): they would otherwise share the core with the
 * first endpoint's measurement.
 */
export async function startServedCli(spec: ServeSpec): Promise<ServedCli> {
  const runtime = runtimeSpec(spec.runtime);
  const base = join(spec.workDir, `api-${spec.name}`);
  const dataDir = `${base}-data`;
  const configFile = `${base}-config.json`;
  const logFile = `${base}-log.jsonl`;
  const fifo = `${base}-stdout.fifo`;
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(fifo, { force: true });
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(configFile, JSON.stringify(spec.config));
  writeFileSync(logFile, '');
  const made = spawnSync('mkfifo', [fifo], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`mkfifo ${fifo} failed: ${made.stderr}`);

  // The reader first: opening a FIFO for writing waits for its reader. `>>` opens the log for
  // appending, so the bench may empty it between runs.
  const reader = spawn('taskset', ['-c', String(spec.logCore), 'sh', '-c', 'exec cat "$0" >> "$1"', fifo, logFile], { stdio: 'ignore' });
  const readerExited = new Promise<void>((resolve) => reader.once('exit', () => resolve()));
  const stdout = openSync(fifo, 'w');
  const argv = [
    ...runtime.flags, runtime.entry, 'serve', '--server', spec.serverDir, '--data', dataDir, '--config', configFile,
    '--host', '127.0.0.1', '--port', '0', ...spec.flags,
  ];
  const server = spawn(process.execPath, argv, { stdio: ['ignore', stdout, 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  closeSync(stdout);
  let stderr = '';
  server.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const cleanUp = (): void => {
    for (const path of [dataDir, configFile, logFile, fifo]) rmSync(path, { recursive: true, force: true });
  };
  const stop = async (): Promise<void> => {
    if (server.exitCode === null && server.signalCode === null) {
      await stopChild(server, exited);
    }
    await readerExited;
    cleanUp();
  };

  try {
    const url = await waitForListening(logFile, spec.timeoutMs ?? 900_000, () => (server.exitCode !== null ? `blockstats serve exited (${server.exitCode}):\n${stderr}` : null));
    pinProcess(server.pid as number, spec.serverCore);
    await waitIdle(server.pid as number);
    return {
      url,
      pid: server.pid as number,
      command: ['node', ...runtime.flags, 'packages/cli/…', 'serve', ...spec.flags].join(' '),
      takeLog: (expected) => takeLog(logFile, expected),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Polls the log for the `listening` line; `failed` says why to give up early. */
async function waitForListening(logFile: string, timeoutMs: number, failed: () => string | null): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const line of readFileSync(logFile, 'utf8').split('\n')) {
      if (!line.includes('"event":"listening"')) continue;
      const url = (JSON.parse(line) as { url?: string }).url;
      if (url) return url;
    }
    const why = failed();
    if (why) throw new Error(why);
    if (Date.now() > deadline) throw new Error(`blockstats serve did not listen within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/**
 * Waits until the log holds at least `expected` request lines (the server writes them within a
 * few milliseconds, a busy machine may take longer) and stopped growing (answers still in flight
 * when wrk stopped), counts them by status and empties the log.
 */
async function takeLog(logFile: string, expected: number): Promise<{ lines: number; statuses: Record<string, number> }> {
  const count = (text: string) => {
    const statuses: Record<string, number> = {};
    let lines = 0;
    for (const match of text.matchAll(/"event":"request".*?"status":(\d+)/g)) {
      lines++;
      statuses[match[1]!] = (statuses[match[1]!] ?? 0) + 1;
    }
    return { lines, statuses };
  };
  const deadline = Date.now() + 10_000;
  let size = -1;
  for (;;) {
    const now = statSync(logFile).size;
    if (now === size && (Date.now() > deadline || count(readFileSync(logFile, 'utf8')).lines >= expected)) break;
    size = now;
    await sleep(100);
  }
  const text = readFileSync(logFile, 'utf8');
  truncateSync(logFile, 0);
  return count(text);
}
