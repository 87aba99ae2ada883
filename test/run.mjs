#!/usr/bin/env node
// Runs every *.test.ts of the workspace through node:test.
//
// Node 20's `node --test` takes no globs and silently runs zero tests when given a folder of
// .ts files, so this script collects the files itself and passes them as an explicit list.
// Arguments narrow the run: `node test/run.mjs packages/core test/e2e` runs only the test files
// below those paths (or those exact files).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const roots = ['packages', 'test', 'examples'];
const skip = new Set(['node_modules', 'dist', '.git', 'demo-server']);

function collect(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) collect(path, out);
    else if (entry.name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const all = roots.flatMap((r) => collect(join(root, r), [])).sort();
const wanted = process.argv.slice(2).map((p) => resolve(p));
const files = wanted.length === 0
  ? all
  : all.filter((f) => wanted.some((w) => f === w || f.startsWith(w.endsWith('/') ? w : `${w}/`)));

if (files.length === 0) {
  console.error(`test/run.mjs: no test files matched ${wanted.join(', ') || 'the workspace'}`);
  process.exit(1);
}
console.error(`test/run.mjs: ${files.length} test files`);

// Tests that run the built packages (the CLI binary, Bun, Deno, workerd) call ensureBuilt, which
// rebuilds them when a source is newer. Done here once first: two test files running at once
// would otherwise both rebuild, one deleting the dist files the other's child is loading.
const built = spawnSync(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', '--eval', "import('./packages/cli/test/support.ts').then((m) => m.ensureBuilt())"],
  { cwd: root, stdio: 'inherit' },
);
if (built.status !== 0) {
  console.error('test/run.mjs: building the packages failed');
  process.exit(built.status ?? 1);
}

// The spec reporter, also when the output is not a terminal (CI's is a log): it ends with every
// failing test and its error, where a log's last lines show them, instead of TAP's failures
// somewhere among thousands of lines.
const result = spawnSync(
  process.execPath,
  [
    '--conditions=source',
    '--import', 'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-concurrency=2',
    ...files.map((f) => relative(root, f)),
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, BLOCKSTATS_REPO_ROOT: root } },
);
// The runtimes, frameworks, browser driver and linters live in test/matrix (test/support/matrix.ts);
// the tests that need them skip without it, and this is the one place that says how to fix that.
if (!existsSync(join(root, 'test', 'matrix', 'node_modules', '.package-lock.json'))) {
  const note = 'test/run.mjs: the test matrix is not installed, so the runtime, framework, worker, browser and linter tests skipped: `npm run install:matrix` installs it';
  console.error(`\n${note}\n`);
}
process.exit(result.status ?? 1);
