// The READMEs are true as written: every code sample of every README runs (test/support/
// readmeSamples.ts finds them). TypeScript blocks type-check under the workspace's strict
// settings and run, against generated saves where they say /srv/minecraft or /srv/network (a
// block that serves on port 8080 runs on a free port and must answer /v1);
// shell lines run the CLI against the demo server (`serve` until it answers /v1), check that an
// npm script or package exists, or run wrangler's own help for the subcommand (its effect needs a
// Cloudflare account; examples/worker/worker.test.ts runs the local steps); JSON blocks are
// configuration files and must validate; Markdown embeds must be answered by the API. And the
// CLI README's command table is the one `blockstats --help` lists.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { validateConfig } from '@blockstats/server/reference';
import { generateDemoServer } from '../examples/demo/generate.js';
import { generateDemoNetwork } from '../examples/network/generate.js';
import { MATRIX_REGISTER, matrixBin, useMatrix } from './support/matrix.js';
import { REPO_ROOT } from './support/repo.js';
import { readmes, samples, shellLines, shellStep, type Sample } from './support/readmeSamples.js';

const exec = promisify(execFile);
// Inside the repository, so the blocks resolve the workspace packages.
const work = join(REPO_ROOT, '.pack-work', `readme-${process.pid}`);
const DEMO = join(REPO_ROOT, 'examples', 'demo-server');
const BIN = join(REPO_ROOT, 'node_modules', '.bin');
const all: Sample[] = readmes().flatMap(samples);
const typescript = all.filter((s) => s.lang === 'ts');
/**
 * Whether a TypeScript sample imports a package the workspace does not install (a framework, such
 * as the server README's Express mount): it then runs and type-checks with the test matrix.
 */
const needsMatrix = (s: Sample) =>
  [...s.code.matchAll(/from '([^'.][^']*)'/g)].some(([, spec]) => {
    if (spec!.startsWith('node:')) return false;
    const name = spec!.split('/').slice(0, spec!.startsWith('@') ? 2 : 1).join('/');
    return !existsSync(join(REPO_ROOT, 'node_modules', name));
  });
const file = (s: Sample) => join(work, `${s.readme.replace(/\W+/g, '-')}-${s.line}.ts`);
const env = () => ({ ...process.env, NO_COLOR: '1', XDG_STATE_HOME: join(work, 'state') });

/** The paths a sample names, as they are on the machine the tests run on. */
function localPaths(arg: string): string {
  // A small generated server where a sample stands for yours (an export of the 240-player demo
  // takes over a minute on a busy machine); the demo server where a sample names it.
  if (arg === '/srv/minecraft') return join(work, 'server');
  if (arg === 'examples/demo-server' || arg === '../demo-server') return DEMO;
  if (arg === '/var/lib/blockstats') return join(work, 'data');
  // A network's server, `id=/srv/network/<id>`: the generated demo network's folder for it.
  const member = /^([a-z0-9_]+)=\/srv\/network\/(.+)$/.exec(arg);
  if (member) return `${member[1]}=${join(work, 'network', member[2]!)}`;
  if (arg === '/etc/blockstats.json') return join(work, 'blockstats.json');
  return arg;
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

/** Polls `url` until it answers 200 (or `exited` says the process ended, or 60 s pass). */
async function answers(url: string, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ended = exited();
    if (ended) assert.fail(ended);
    const status = await fetch(url).then((r) => (r.body?.cancel(), r.status), () => 0);
    if (status === 200) return;
    if (Date.now() > deadline) assert.fail(`${url} did not answer 200 within 60 s (last status ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Runs a command that serves until stopped: `listening(line)` finds its URL in its output, or `url` is known. */
async function runServer(argv: string[], find: { url: string } | { listening: (line: string) => string | null }): Promise<void> {
  const child = spawn(argv[0]!, argv.slice(1), { cwd: work, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let url = 'url' in find ? find.url : null;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    output = (output + line + '\n').slice(-4000);
    if (url === null && 'listening' in find) url = find.listening(line);
  });
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const gone = new Promise((resolve) => child.once('exit', resolve));
  try {
    const deadline = Date.now() + 60_000;
    while (url === null) {
      if (child.exitCode !== null || Date.now() > deadline) assert.fail(`it never said where it listens:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await answers(`${url}/v1`, () => (child.exitCode !== null ? `it exited (${child.exitCode}):\n${output}` : null));
  } finally {
    child.kill('SIGTERM');
    await gone;
  }
}

before(() => {
  mkdirSync(join(work, 'data'), { recursive: true });
  generateDemoServer({ out: join(work, 'server'), players: 40, seed: 'hearthvale', now: Date.UTC(2026, 10, 16, 12) });
  generateDemoNetwork({ out: join(work, 'network'), people: 20, seed: 'three-isles', now: Date.UTC(2026, 10, 16, 12) });
  // The configuration a sample's /etc/blockstats.json stands for; port 0, as a test must not take 8080.
  writeFileSync(join(work, 'blockstats.json'), JSON.stringify({ server_dir: join(work, 'server'), data_dir: join(work, 'data'), listen: { host: '127.0.0.1', port: 0 }, skins: { enabled: false }, modrinth: { enabled: false } }));
  // Each block is a module of its own (top-level await, its own imports).
  for (const s of typescript) writeFileSync(file(s), `${s.code.replaceAll('/srv/minecraft', join(work, 'server')).replaceAll('/srv/network', join(work, 'network'))}\nexport {};\n`);
  writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: { noEmit: true }, files: typescript.filter((s) => !needsMatrix(s)).map(file) }));
  // The matrix's own settings (its packages resolve from test/matrix), for the samples needing it.
  writeFileSync(join(work, 'tsconfig.matrix.json'), JSON.stringify({ extends: '../../test/matrix/tsconfig.json', files: typescript.filter(needsMatrix).map(file), include: [] }));
});
after(() => rmSync(work, { recursive: true, force: true }));

describe('README samples', () => {
  it('finds the samples of every README', () => {
    for (const readme of ['README.md', 'packages/core/README.md', 'packages/svg/README.md', 'packages/cli/README.md', 'examples/worker/README.md']) {
      assert.ok(all.some((s) => s.readme === readme), readme);
    }
    const kinds = new Set(all.map((s) => s.lang));
    for (const lang of kinds) assert.ok(['ts', 'sh', 'json', 'markdown'].includes(lang), `no rule runs a \`${lang}\` sample (${all.find((s) => s.lang === lang)!.readme})`);
  });

  it('TypeScript samples type-check under strict', async () => {
    const tsc = (project: string) => exec(process.execPath, [join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { cwd: work }).catch((error: { stdout?: string }) => assert.fail(error.stdout));
    await tsc(work);
    if (typescript.some(needsMatrix) && !useMatrix()) await tsc(join(work, 'tsconfig.matrix.json'));
  });

  for (const s of typescript) {
    it(`${s.readme}:${s.line} (ts) runs`, async (t) => {
      const matrix = needsMatrix(s);
      const absent = matrix && useMatrix();
      if (absent) return void t.skip(absent);
      const node = [process.execPath, '--conditions=source', '--import', 'tsx', ...(matrix ? ['--import', MATRIX_REGISTER] : []), file(s)];
      if (s.code.includes('8080')) {
        // It serves: on a free port, until its API (under its basePath) answers.
        const port = await freePort();
        writeFileSync(file(s), readFileSync(file(s), 'utf8').replaceAll('8080', String(port)));
        const basePath = /basePath: '(\/[^']*)'/.exec(s.code)?.[1] ?? '';
        await runServer(node, { url: `http://127.0.0.1:${port}${basePath}` });
        return;
      }
      const { stdout } = await exec(node[0]!, node.slice(1), { cwd: REPO_ROOT });
      assert.notEqual(stdout.trim(), '', 'a sample shows what it does: it prints');
    });
  }

  for (const s of all.filter((sample) => sample.lang === 'sh')) {
    for (const line of shellLines(s.code)) {
      it(`${s.readme}:${s.line} (sh) ${line}`, async (t) => {
        const step = shellStep(line);
        if (step.kind === 'blockstats') {
          const args = step.args.map(localPaths);
          if (args[0] === 'serve') {
            const at = args.indexOf('--port');
            if (at >= 0) args[at + 1] = '0';
            if (!args.includes('--data') && !args.includes('--config')) args.push('--data', join(work, 'data'));
            await runServer([join(BIN, 'blockstats'), ...args], { listening: (l) => (l.includes('"event":"listening"') ? (JSON.parse(l) as { url: string }).url : null) });
            return;
          }
          const { stdout } = await exec(join(BIN, 'blockstats'), args, { cwd: work, env: env(), maxBuffer: 64 << 20 });
          assert.ok(stdout.length > 0 || args.includes('--out') || args.includes('--split') || args[0] === 'record', 'it printed its answer');
        } else if (step.kind === 'npm-script') {
          const scripts = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
          assert.ok(scripts[step.script], `package.json has no "${step.script}" script`);
        } else if (step.kind === 'npm-install') {
          for (const name of step.packages) {
            const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { name: string; private?: boolean };
            assert.equal(manifest.name, name);
            assert.notEqual(manifest.private, true, `${name} is private: npm install cannot fetch it`);
          }
        } else if (step.kind === 'wrangler') {
          // Wrangler comes from the test matrix (test/support/matrix.ts); without it this skips.
          const absent = useMatrix();
          if (absent) return void t.skip(absent);
          // The subcommand with its positional words: wrangler's help for it exists and exits 0.
          const firstFlag = step.args.findIndex((a) => a.startsWith('-'));
          const command = firstFlag < 0 ? step.args : step.args.slice(0, firstFlag);
          await exec(matrixBin('wrangler'), [...command, '--help'], { cwd: join(REPO_ROOT, 'examples', 'worker'), env: { ...env(), WRANGLER_SEND_METRICS: 'false' } });
        }
      });
    }
  }

  for (const s of all.filter((sample) => sample.lang === 'json')) {
    it(`${s.readme}:${s.line} (json) is a valid configuration file`, () => {
      assert.doesNotThrow(() => validateConfig(JSON.parse(s.code), 'README'));
    });
  }

  for (const s of all.filter((sample) => sample.lang === 'markdown')) {
    for (const [, url] of s.code.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)) {
      it(`${s.readme}:${s.line} (markdown) the API answers ${url}`, async () => {
        const target = new URL(url!);
        await exec(join(BIN, 'blockstats'), ['api', target.pathname + target.search, '--server', DEMO], { cwd: work, env: env(), maxBuffer: 16 << 20 });
      });
    }
  }
});

describe('blockstats --help and the CLI README', () => {
  it('list the same commands', async () => {
    const { stdout } = await exec(join(BIN, 'blockstats'), ['--help'], { env: env() });
    const helped = new Set([...stdout.matchAll(/^ {2}([a-z][a-z-]*) /gm)].map((m) => m[1]!).filter((c) => c !== 'help'));
    const readme = readFileSync(join(REPO_ROOT, 'packages', 'cli', 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('| command |'), readme.indexOf('\n\n', readme.indexOf('| command |')));
    const documented = new Set([...table.matchAll(/^\| `([a-z-]+)/gm)].map((m) => m[1]!));
    assert.deepEqual([...documented].sort(), [...helped].sort());
  });
});
