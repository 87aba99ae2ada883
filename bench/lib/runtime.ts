import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from './child.js';

// What runs `blockstats serve` in the benchmarks: the published build (`npx blockstats`, plain
// node) or the TypeScript sources through tsx (`npm start`), and getting the build ready.

/** How `blockstats serve` is started: the published build or the sources. */
export type Runtime = 'node' | 'tsx';

export interface RuntimeSpec {
  /** Says in the table what was measured. */
  label: string;
  /** What the baseline row is: the same runtime with nothing loaded. */
  baselineLabel: string;
  /** Node flags, for the server and for its baseline alike. */
  flags: readonly string[];
  /** The CLI entry file. */
  entry: string;
}

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
const CLI_PACKAGE = join(REPO, 'packages', 'cli');

/** The file `npx blockstats` executes: the `bin` of packages/cli/package.json. */
function builtBin(): string {
  const manifest = JSON.parse(readFileSync(join(CLI_PACKAGE, 'package.json'), 'utf8')) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.['blockstats'];
  if (!bin) throw new Error('packages/cli/package.json has no "bin" for blockstats');
  return join(CLI_PACKAGE, bin);
}

const RUNTIMES: Record<Runtime, () => RuntimeSpec> = {
  node: () => ({ label: 'built CLI, node', baselineLabel: 'bare node alone', flags: [], entry: builtBin() }),
  tsx: () => ({ label: 'sources, node --import tsx', baselineLabel: 'node + tsx alone', flags: NODE_FLAGS, entry: join(CLI_PACKAGE, 'src', 'bin.ts') }),
};

/** The CLI's entry and Node flags for a runtime. */
export function runtimeSpec(runtime: Runtime): RuntimeSpec {
  return RUNTIMES[runtime]();
}

export const RUNTIME_NAMES = Object.keys(RUNTIMES) as Runtime[];

export function isRuntime(text: string): text is Runtime {
  return Object.hasOwn(RUNTIMES, text);
}

/** Workspaces whose build the built CLI loads at run time (it imports the others by name). */
const BUILT_PACKAGES = ['core', 'svg', 'server', 'cli'];

/**
 * The files a package's build must hold for its worker threads: a worker is started by file
 * (`new Worker(new URL('./x-worker.js', import.meta.url))`), so each `*-worker.ts` under `src/`
 * needs its own `dist/*-worker.js`. Without it the built code quietly falls back to the main
 * thread, and the bench would measure something other than the sources do.
 */
function workerOutputs(name: string): string[] {
  const src = join(REPO, 'packages', name, 'src');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' });
  return files.filter((file) => /-worker\.ts$/.test(file)).map((file) => join(REPO, 'packages', name, 'dist', `${basename(file, '.ts')}.js`));
}

/**
 * Readies a runtime before the first measurement. For `node`: runs the root `npm run build`
 * (every workspace's tsup build, so entry files added to any package's tsup config, such as a
 * worker, are built too) and checks each workspace's `dist` is there; a failed build throws
 * with the end of its output. `tsx` runs the sources and needs nothing.
 */
export async function prepareRuntime(runtime: Runtime, log: (line: string) => void, build = true): Promise<void> {
  if (runtime !== 'node') return;
  const started = Date.now();
  if (build) await runBuild(log);
  const expected = [builtBin(), ...BUILT_PACKAGES.flatMap((name) => [join(REPO, 'packages', name, 'dist', 'index.js'), ...workerOutputs(name)])];
  const missing = expected.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `${build ? 'npm run build succeeded but' : 'the builds (--no-build)'} left no ${missing.map((file) => file.slice(REPO.length)).join(', ')}` +
        ' (a worker script is loaded by file and must be an entry of its package\'s tsup config, or the built code runs without it)',
    );
  }
  if (build) log(`build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** `npm run build` in the repository; a failure throws with the end of its output. */
async function runBuild(log: (line: string) => void): Promise<void> {
  log('building the packages (npm run build) …');
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer): void => void (output = (output + chunk.toString()).slice(-6000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (error) => reject(new Error(`npm run build could not start: ${error.message}`, { cause: error })));
    child.once('close', (exit) => resolve({ code: exit, output }));
  });
  if (code !== 0) {
    throw new Error(`npm run build failed (exit ${code}), so the built CLI cannot be measured; fix the build or use --runtime tsx:\n${output.trim().split('\n').slice(-30).join('\n')}`);
  }
}
