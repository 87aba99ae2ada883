import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pinProcess, waitIdle } from './cores.js';
import { openLogPipe, waitForLine, type LogCount } from './logPipe.js';
import { runtimeSpec, type Runtime } from './runtime.js';
import { stopChild } from './stopChild.js';

// `blockstats serve` as the API benchmark runs it: the CLI as users start it (the build with
// plain node, or the sources through tsx), its defaults except where the bench says, and its
// log on stdout going into the bench's log pipe (bench/lib/logPipe.ts): every request's log
// line is counted, so a run proves logging was on and that every answer had the expected status.

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
  takeLog(expected: number): Promise<LogCount>;
  /** SIGTERM (SIGKILL after 15 s); removes its data folder and log. */
  stop(): Promise<void>;
}

/** How to start it. */
export interface ServeSpec {
  /** Short name for its files (`deployed`, `no-limit`). */
  name: string;
  /** The generated server directory. */
  serverDir: string;
  /** `serve`'s arguments naming the save(s) instead of `--server <serverDir>` (a network's `--server id=DIR` list). */
  serverArgs?: readonly string[];
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

/** A request line of `blockstats serve`'s log, its status captured. */
const REQUEST_LINE = /"event":"request".*?"status":(\d+)/;

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
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(configFile, JSON.stringify(spec.config));
  const pipe = openLogPipe(base, spec.logCore);
  const argv = [
    ...runtime.flags, runtime.entry, 'serve', ...(spec.serverArgs ?? ['--server', spec.serverDir]), '--data', dataDir, '--config', configFile,
    '--host', '127.0.0.1', '--port', '0', ...spec.flags,
  ];
  const server = spawn(process.execPath, argv, { stdio: ['ignore', pipe.fd, 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  closeSync(pipe.fd);
  let stderr = '';
  server.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (server.exitCode === null && server.signalCode === null) {
      await stopChild(server, exited);
    }
    await pipe.close();
    for (const path of [dataDir, configFile]) rmSync(path, { recursive: true, force: true });
  };

  try {
    const listening = (line: string): string | null => (line.includes('"event":"listening"') ? ((JSON.parse(line) as { url?: string }).url ?? null) : null);
    const url = await waitForLine(pipe, listening, spec.timeoutMs ?? 900_000, () => (server.exitCode !== null ? `blockstats serve exited (${server.exitCode}):\n${stderr}` : null));
    pinProcess(server.pid as number, spec.serverCore);
    await waitIdle(server.pid as number);
    return {
      url,
      pid: server.pid as number,
      command: ['node', ...runtime.flags, 'packages/cli/…', 'serve', ...spec.flags].join(' '),
      takeLog: (expected) => pipe.take(expected, REQUEST_LINE),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
