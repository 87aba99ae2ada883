// `blockstats serve` as a child process, for the end-to-end and adversarial suites and the soak
// script: started on a port the OS picks, its JSON log read line by line. Request lines are only
// counted (an attack makes hundreds of thousands) unless asked for; every other line is kept.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './repo.js';

/** One JSON log line. */
export interface LogLine {
  level: string;
  event: string;
  [key: string]: unknown;
}

/** A running `blockstats serve`. */
export interface ServeProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  port: number;
  /** Every log line but `request` ones (those too with `keepRequestLines`). */
  lines: LogLine[];
  /** `request` log lines by status. */
  requests: Map<number, number>;
  /** Resolves with the first line (kept so far or to come) that matches. */
  waitForLine(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Resolves with the exit code once the process has ended (null when a signal ended it). */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** Options of {@link startServe}. */
export interface StartServeOptions {
  /** The TypeScript sources through tsx (default) or the built package. */
  command?: CliCommand;
  /** Another build's `bin.js` instead (a before-and-after measurement), overriding `command`. */
  bin?: string;
  /** A program to run it through first (the soak's `sh -c 'ulimit -n …; exec "$@"'`). */
  wrap?: readonly string[];
  /** Flags for node itself. */
  nodeFlags?: readonly string[];
  /** Keep `request` lines in `lines` too (a test that checks a few requests' lines). */
  keepRequestLines?: boolean;
}

/** How to run the CLI: the TypeScript sources through tsx (tests) or the built package (soak). */
export type CliCommand = 'source' | 'built';

/** The node arguments that run `blockstats` as `command` says. */
export function cliArgs(command: CliCommand): string[] {
  return command === 'source'
    ? ['--conditions=source', '--import', 'tsx', join(REPO_ROOT, 'packages/cli/src/bin.ts')]
    : [join(REPO_ROOT, 'packages/cli/dist/bin.js')];
}

/** Writes a generated demo server (examples/generate-demo-server.ts) of `players` into `dir`. */
export function generateServer(dir: string, players: number): void {
  const generated = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'examples/generate-demo-server.ts'), '--out', dir, '--players', String(players)], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (generated.status !== 0) throw new Error(`generate-demo-server failed: ${generated.stderr}`);
}

/** Starts `blockstats serve --host 127.0.0.1 --port 0 …args` and resolves once it listens. */
export async function startServe(args: readonly string[], options: StartServeOptions = {}): Promise<ServeProcess> {
  const node = [process.execPath, ...(options.nodeFlags ?? []), ...(options.bin ? [options.bin] : cliArgs(options.command ?? 'source')), 'serve', '--host', '127.0.0.1', '--port', '0', ...args];
  const [file, ...rest] = [...(options.wrap ?? []), ...node];
  const child = spawn(file!, rest, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  const lines: LogLine[] = [];
  const requests = new Map<number, number>();
  const waiters = new Set<() => void>();
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr = `${stderr}${String(chunk)}`.slice(-4_000);
  });
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      line = { level: 'text', event: 'text', text };
    }
    if (line.event === 'request') {
      const status = Number(line.status);
      requests.set(status, (requests.get(status) ?? 0) + 1);
      if (!options.keepRequestLines) return;
    }
    lines.push(line);
    for (const wake of waiters) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => {
    for (const wake of waiters) wake();
    resolve(code);
  }));
  const waitForLine = (match: (line: LogLine) => boolean, timeoutMs = 60_000) =>
    new Promise<LogLine>((resolve, reject) => {
      const check = () => {
        const found = lines.find(match);
        if (found) {
          cleanup();
          resolve(found);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          cleanup();
          reject(new Error(`serve exited (${child.exitCode ?? child.signalCode}) first; stderr: ${stderr}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching log line in ${timeoutMs} ms; stderr: ${stderr}; last lines: ${JSON.stringify(lines.slice(-5))}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  const listening = await waitForLine((line) => line.event === 'listening');
  return {
    child,
    pid: child.pid!,
    url: String(listening.url),
    port: Number(listening.port),
    lines,
    requests,
    waitForLine,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
  };
}
