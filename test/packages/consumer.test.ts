// The packages as npm would publish them: each workspace is packed (its `prepack` builds it) from
// a copy of its sources, so the workspace's own dist/ is never touched while other tests run,
// and the tarballs are installed together into an empty project that uses them as a user would:
// the `blockstats` command, an ESM import of every entry point, TypeScript with NodeNext and with
// Bundler resolution, and a worker-style project without @types/node. Then the optional peers:
// @blockstats/svg alone and @blockstats/server alone (a Worker user's install) bring neither
// @napi-rs/canvas nor @redis/client, say how to install them when `/png` or `/redis` needs one,
// and work once the user has.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT } from '../support/repo.js';

const exec = promisify(execFile);
const PACKAGES = ['core', 'svg', 'server', 'cli'];
const ENTRY_POINTS = ['@blockstats/core', '@blockstats/core/node', '@blockstats/svg', '@blockstats/svg/png', '@blockstats/server', '@blockstats/server/node', '@blockstats/server/live', '@blockstats/server/reference', 'blockstats'];
const WORKER_SAFE = ['@blockstats/core', '@blockstats/svg', '@blockstats/server'];
const TYPESCRIPT = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
// Inside the repository, so the copies find the workspace's build tools in its node_modules.
const work = join(REPO_ROOT, '.pack-work', String(process.pid));
const tarballs = join(work, 'tarballs');
const project = join(work, 'project');
const env = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', NO_COLOR: '1' };

/** Runs a command; on failure the assertion message carries its output. */
async function run(command: string, args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  try {
    return await exec(command, args, { cwd, env, maxBuffer: 64 << 20 });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    assert.fail(`${command} ${args.join(' ')} failed in ${cwd}:\n${e.stdout ?? ''}\n${e.stderr ?? e.message}`);
  }
}

before(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(tarballs, { recursive: true });
  cpSync(join(REPO_ROOT, 'tsconfig.base.json'), join(work, 'tsconfig.base.json'));
  for (const name of PACKAGES) {
    const from = join(REPO_ROOT, 'packages', name);
    cpSync(from, join(work, 'packages', name), { recursive: true, filter: (path) => !/[\\/](node_modules|dist)$/.test(path) });
    // A package's own node_modules holds the dependency versions the root's could not (commander).
    if (existsSync(join(from, 'node_modules'))) symlinkSync(join(from, 'node_modules'), join(work, 'packages', name, 'node_modules'));
    await run('npm', ['pack', '--pack-destination', tarballs, '--silent'], join(work, 'packages', name));
  }
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const packed = readdirSync(tarballs).filter((f) => f.endsWith('.tgz')).map((f) => join(tarballs, f));
  assert.equal(packed.length, PACKAGES.length);
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...packed, `typescript@${(await import('typescript')).version}`, '@types/node@20'], project);
});
after(() => rmSync(work, { recursive: true, force: true }));

describe('the packed packages in an empty project', () => {
  it('ship dist, types, README and LICENSE (and no tests)', async () => {
    for (const name of PACKAGES) {
      const tgz = readdirSync(tarballs).find((f) => f.startsWith(name === 'cli' ? 'blockstats-0' : `blockstats-${name}-`))!;
      const { stdout } = await run('tar', ['-tzf', join(tarballs, tgz)], tarballs);
      const files = stdout.split('\n');
      for (const wanted of ['package/README.md', 'package/LICENSE', 'package/package.json', 'package/dist/index.js', 'package/dist/index.d.ts']) {
        assert.ok(files.includes(wanted), `${tgz} lacks ${wanted}`);
      }
      assert.ok(!files.some((f) => f.endsWith('.test.ts')), `${tgz} ships tests`);
    }
  });

  it('npx blockstats --help prints the usage', async () => {
    const { stdout } = await run('npx', ['--no-install', 'blockstats', '--help'], project);
    assert.match(stdout, /^Usage: blockstats/m);
  });

  it('imports every entry point as ESM', async () => {
    const script = ENTRY_POINTS.map((e, i) => `import * as m${i} from '${e}'; if (Object.keys(m${i}).length === 0) throw new Error('${e} is empty');`).join('\n');
    writeFileSync(join(project, 'imports.mjs'), `${script}\nconsole.log('ok');\n`);
    const { stdout } = await run(process.execPath, ['imports.mjs'], project);
    assert.equal(stdout.trim(), 'ok');
  });

  const usage = `import { buildSnapshot, leaderboard } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { badge } from '@blockstats/svg';
import { createRouter } from '@blockstats/server';
import { serve } from '@blockstats/server/node';
export async function main(dir: string): Promise<string> {
  const snapshot = buildSnapshot(await readSave(dir), { now: Date.now() });
  const top = leaderboard(snapshot, 'jump', { limit: 3 });
  const router = createRouter({ snapshot: () => snapshot, basePath: '/stats' });
  void serve;
  return badge({ label: 'top', message: top?.items[0]?.player.name ?? 'nobody' }) + (await router.fetch(new Request('http://x/stats/v1'))).status;
}
`;
  for (const [title, compilerOptions] of [
    ['module NodeNext', { module: 'NodeNext', moduleResolution: 'NodeNext' }],
    ['moduleResolution Bundler', { module: 'ESNext', moduleResolution: 'Bundler' }],
  ] as const) {
    it(`type-checks with ${title}`, async () => {
      const dir = join(project, title.replace(/\W+/g, '-'));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'main.ts'), usage);
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...compilerOptions, target: 'ES2022', strict: true, noEmit: true, types: ['node'], skipLibCheck: false }, files: ['main.ts'] }));
      await run(process.execPath, [TYPESCRIPT, '-p', dir], project);
    });
  }

  it('type-checks a worker project without @types/node', async (t) => {
    const dir = join(project, 'worker');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'worker.ts'), `${WORKER_SAFE.map((e, i) => `import * as m${i} from '${e}';`).join('\n')}
import { createRouter, cloudflareClientAddress } from '@blockstats/server';
import type { Snapshot } from '@blockstats/core';
void [m0, m1, m2];
let snapshot: Snapshot | null = null;
const router = createRouter({ snapshot: () => snapshot, getClientAddress: cloudflareClientAddress });
export default { fetch: (request: Request) => router.fetch(request) };
export function set(next: Snapshot): void { snapshot = next; }
`);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', target: 'ES2022', lib: ['ES2022', 'WebWorker'], types: [], strict: true, noEmit: true, skipLibCheck: false }, files: ['worker.ts'] }));
    const started = performance.now();
    await run(process.execPath, [TYPESCRIPT, '-p', dir, '--extendedDiagnostics'], project);
    t.diagnostic(`tsc on the worker project took ${Math.round(performance.now() - started)} ms (a figure, not a limit)`);
  });
});

/** Bytes of the files below `dir` (symbolic links counted as links, never followed). */
function bytesBelow(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesBelow(path) : lstatSync(path).size;
  }
  return total;
}

/** The workspace's own version of a package, so that the user's install comes from npm's cache. */
const versionOf = (name: string): string => (JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * Where the projects without the peers live: outside the repository, whose own node_modules
 * (holding both peers, for the CLI) Node would otherwise find by walking up from them.
 */
let outside = '';

/** A new empty project, outside the repository, with the named tarballs (and their dependencies) installed. */
async function projectWith(name: string, packages: string[]): Promise<string> {
  const dir = join(outside, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  const packed = packages.map((p) => join(tarballs, readdirSync(tarballs).find((f) => f.startsWith(`blockstats-${p}-`))!));
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...packed], dir);
  return dir;
}

/** Runs an ES module in `dir`; resolves to what it prints. */
async function script(dir: string, source: string): Promise<string> {
  writeFileSync(join(dir, 'script.mjs'), source);
  return (await run(process.execPath, ['script.mjs'], dir)).stdout.trim();
}

/** Prints a PNG's size in bytes when toPng works, else its error's message. */
const RENDER = `import { badge } from '@blockstats/svg';
import { toPng } from '@blockstats/svg/png';
try {
  const png = await toPng(badge({ label: 'players', message: '3/20' }));
  console.log(png.subarray(1, 4).toString('latin1') === 'PNG' ? 'png' : 'not a png');
} catch (error) {
  console.log(error.message);
}
`;

/** Prints what the Redis store's first hit throws against a port nobody listens on. */
const REDIS = `import { RedisRateLimitStore } from '@blockstats/server/redis';
const store = new RedisRateLimitStore({ url: 'redis://127.0.0.1:9', timeoutMs: 200 });
try {
  await store.hit('203.0.113.9', Date.now(), 60_000);
  console.log('counted');
} catch (error) {
  console.log(\`\${error.name}: \${error.message}\`);
} finally {
  await store.close();
}
`;

describe('the optional peers: @napi-rs/canvas and @redis/client', () => {
  before(() => {
    outside = mkdtempSync(join(tmpdir(), 'blockstats-consumer-'));
  });
  after(() => rmSync(outside, { recursive: true, force: true }));

  it('@blockstats/svg alone brings no @napi-rs/canvas: its SVGs work, /png says how to install it, and renders once it is', async () => {
    const dir = await projectWith('svg-only', ['svg']);
    assert.ok(!existsSync(join(dir, 'node_modules', '@napi-rs')), 'the install brought @napi-rs/canvas');
    assert.equal(await script(dir, RENDER), 'toPng needs @napi-rs/canvas, an optional peer dependency of @blockstats/svg that is not installed: npm install @napi-rs/canvas');
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', `@napi-rs/canvas@${versionOf('@napi-rs/canvas')}`], dir);
    assert.equal(await script(dir, RENDER), 'png');
  });

  it('@blockstats/server alone (a Worker user) brings no native module and no Redis client, and serves', async (t) => {
    const dir = await projectWith('server-only', ['core', 'svg', 'server']);
    const modules = join(dir, 'node_modules');
    for (const peer of ['@napi-rs', '@redis']) assert.ok(!existsSync(join(modules, peer)), `the install brought ${peer}`);
    const bytes = bytesBelow(modules);
    t.diagnostic(`node_modules of @blockstats/server alone: ${(bytes / 2 ** 20).toFixed(1)} MiB`);
    // About 12 MiB today (lru-cache, valibot and preact with their sources and maps, the fonts);
    // @napi-rs/canvas alone is 35 MiB and @redis/client 11 MiB.
    assert.ok(bytes < 25 * 2 ** 20, `node_modules of @blockstats/server alone holds ${(bytes / 2 ** 20).toFixed(1)} MiB`);
    const status = await script(dir, `import { createRouter } from '@blockstats/server';
console.log((await createRouter({ snapshot: () => null }).fetch(new Request('http://x/openapi.json'))).status);
`);
    assert.equal(status, '200');
    // The store fails open through its breaker: the error names the missing peer and how to install it.
    assert.match(await script(dir, REDIS), /RedisRateLimitStore needs @redis\/client, an optional peer dependency of @blockstats\/server that is not installed: npm install @redis\/client$/);
    assert.match(await script(dir, RENDER), /^toPng needs @napi-rs\/canvas/);
  });

  it('@blockstats/server with the peers installed: /png renders and /redis reaches for Redis', async () => {
    const dir = join(outside, 'server-only');
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', `@napi-rs/canvas@${versionOf('@napi-rs/canvas')}`, `@redis/client@${versionOf('@redis/client')}`], dir);
    assert.equal(await script(dir, RENDER), 'png');
    // The client loaded and tried the port: the store's own "unavailable", never the missing peer.
    assert.match(await script(dir, REDIS), /^RateLimitStoreUnavailableError: Redis at 127\.0\.0\.1:9/);
  });
});
