// The packages as npm would publish them: each workspace is packed (its `prepack` builds it) from
// a copy of its sources, so the workspace's own dist/ is never touched while other tests run,
// and the tarballs are installed together into an empty project that uses them as a user would:
// the `blockstats` command, an ESM import of every entry point, TypeScript with NodeNext and with
// Bundler resolution, and a worker-style project without @types/node.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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
