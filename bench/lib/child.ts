import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The line prefix a child uses for its one JSON result. */
const RESULT = 'BENCH_RESULT ';

/** Node flags for running the TypeScript sources through tsx, as `npm start` and the tests do. */
export const NODE_FLAGS = ['--conditions=source', '--import', 'tsx'];

/**
 * How the bench children run. The children are TypeScript (`bench/children/*.ts`). With the
 * packages' sources they run through tsx with the `source` export condition, as `npm start`
 * and the tests do. With the packages' builds (`dist`, what `npx blockstats` and library users
 * run) each child is first bundled into plain JavaScript (`bench/.work/children/<name>.mjs`,
 * the packages left as imports, so they resolve to their `dist`) and runs on plain `node`:
 * merely loading tsx costs a server ~20 % of its 304 throughput, even for code tsx never
 * compiles.
 */
/** A child's TypeScript source. */
const childSource = (name: string): string => fileURLToPath(new URL(`../children/${name}.ts`, import.meta.url));

let children: { flags: readonly string[]; script: (name: string) => string } = { flags: NODE_FLAGS, script: childSource };

const CHILD_NAMES = ['api-server', 'fastify-server', 'floor', 'snapshot'];

/** Which build of the packages the bench children import (see `children`); `dist` bundles the children first. */
export async function usePackages(which: 'dist' | 'source'): Promise<void> {
  if (which === 'source') {
    children = { flags: NODE_FLAGS, script: childSource };
    return;
  }
  // Inside the repository whatever --work says: the bundles import the packages and
  // prismarine-nbt, which resolve from the repository's node_modules only.
  const outDir = fileURLToPath(new URL('../.work/children', import.meta.url));
  const { build } = await import('tsup');
  await build({
    entry: Object.fromEntries(CHILD_NAMES.map((name) => [name, childSource(name)])),
    outDir,
    format: ['esm'],
    outExtension: () => ({ js: '.mjs' }),
    platform: 'node',
    target: 'node20',
    // The packages and dependencies stay imports: they load from node_modules (the packages' dist).
    external: [/^@blockstats\//, 'prismarine-nbt', 'fastify', /^@fastify\//],
    splitting: false,
    sourcemap: false,
    dts: false,
    clean: true,
    silent: true,
    config: false,
  });
  children = { flags: [], script: (name) => join(outDir, `${name}.mjs`) };
}

/** The Node arguments that run the child `bench/children/<name>.ts` (see `usePackages`). */
export function childArgv(name: string): string[] {
  return [...children.flags, children.script(name)];
}

/** Called by a child script: hands its result to the parent. */
export function reportResult(result: unknown): void {
  process.stdout.write(`${RESULT}${JSON.stringify(result)}\n`);
}

/**
 * Runs the child `bench/children/<name>.ts` (see `usePackages`) in a fresh Node process (clean
 * heap and JIT, its own peak RSS) and returns the JSON it reported. The child's stderr passes through; a failure throws.
 */
export function runChild<T>(name: string, args: readonly string[], extraFlags: readonly string[] = []): Promise<T> {
  const script = children.script(name);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...extraFlags, ...children.flags, script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(RESULT));
      if (code !== 0 || line === undefined) {
        reject(new Error(`bench child ${name} ${args.join(' ')} failed (exit ${code})${out ? `:\n${out.slice(-2000)}` : ''}`));
        return;
      }
      resolve(JSON.parse(line.slice(RESULT.length)) as T);
    });
  });
}

/** CPU time (user + system) of this process so far, in ms. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Peak resident set size of this process so far, in MB. */
export function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

/** The line prefix a long-running child prints once it is ready. */
const READY = 'BENCH_READY ';

/** Called by a long-running child (a server) once it listens. */
export function reportReady(info: unknown): void {
  process.stdout.write(`${READY}${JSON.stringify(info)}\n`);
}

/** A running server child. */
export interface ServerChild<T> {
  info: T;
  pid: number;
  /** SIGTERM, then SIGKILL after 5 s; resolves once it exited. */
  stop(): Promise<void>;
}

/**
 * Starts `bench/children/<name>.ts` (or, with `command`, any argv) and resolves with what it
 * reported as ready. Rejects when it exits first or is not ready within `timeoutMs`.
 */
export function startServerChild<T>(
  name: string | { argv: string[] },
  args: readonly string[],
  options: { timeoutMs?: number; readyLine?: (line: string) => T | null } = {},
): Promise<ServerChild<T>> {
  const argv = typeof name === 'string'
    ? [...childArgv(name), ...args]
    : [...name.argv, ...args];
  const parse = options.readyLine ?? ((line: string): T | null => (line.startsWith(READY) ? (JSON.parse(line.slice(READY.length)) as T) : null));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let buffered = '';
    let log = '';
    let ready = false;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const stop = async (): Promise<void> => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    };
    const timer = setTimeout(() => {
      if (ready) return;
      void stop();
      reject(new Error(`bench server ${String(typeof name === 'string' ? name : name.argv.join(' '))} not ready within ${options.timeoutMs ?? 600_000} ms:\n${log.slice(-2000)}`));
    }, options.timeoutMs ?? 600_000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      log = (log + chunk).slice(-20_000);
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (ready) return;
      log = (log + chunk).slice(-20_000);
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        let info: T | null = null;
        try {
          info = parse(line);
        } catch {
          info = null;
        }
        if (info !== null) {
          ready = true;
          clearTimeout(timer);
          resolve({ info, pid: child.pid as number, stop });
          return;
        }
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`bench server exited (${code ?? signal}) before it was ready:\n${log.slice(-2000)}`));
    });
  });
}
