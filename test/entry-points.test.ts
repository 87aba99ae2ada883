// The worker-safe entry points (SPEC: the router runs in any runtime) must import no Node
// built-in and no native module, directly or through a dependency: each is bundled here as a
// Worker's bundler would (platform neutral, the `workerd`/`worker`/`browser` conditions), with
// every built-in marked external, and the bundle's imports are listed.
import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { describe, it } from 'node:test';
import { build } from 'esbuild';
import { REPO_ROOT } from './support/repo.js';

const WORKER_SAFE = ['@blockstats/core', '@blockstats/svg', '@blockstats/server'];
const NODE_ONLY = ['@blockstats/core/node', '@blockstats/svg/png', '@blockstats/server/node', '@blockstats/server/live', '@blockstats/server/reference', '@blockstats/server/redis'];
const BUILTINS = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

/** Built-in and native imports reachable from `specifier`, as `importer -> import`. */
async function nodeImports(specifier: string): Promise<string[]> {
  const result = await build({
    stdin: { contents: `export * from '${specifier}';`, resolveDir: REPO_ROOT, loader: 'ts' },
    bundle: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    platform: 'neutral',
    format: 'esm',
    conditions: ['source', 'workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    // A native addon a dependency loads when built (ssh2's optional cpu-features) is listed as
    // an import, whether or not its install script built it here.
    external: [...BUILTINS, '*.node'],
    loader: { '.node': 'empty', '.json': 'json' },
  });
  const found: string[] = [];
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    if (file.endsWith('.node')) found.push(`native module ${file}`);
    for (const imported of input.imports) if (imported.external) found.push(`${file} -> ${imported.path}`);
  }
  return found;
}

describe('worker-safe entry points', () => {
  for (const specifier of WORKER_SAFE) {
    it(`${specifier} imports no Node built-in and no native module`, async () => {
      assert.deepEqual(await nodeImports(specifier), []);
    });
  }
  for (const specifier of NODE_ONLY) {
    it(`${specifier} resolves (it is the Node-only subpath)`, async () => {
      assert.ok((await nodeImports(specifier)).length > 0, `${specifier} was expected to need Node`);
    });
  }
});
