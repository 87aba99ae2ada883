#!/usr/bin/env node
// `npm run typecheck`'s second half: type-checks the files that import the test matrix's packages
// (test/matrix/tsconfig.json) when the matrix is installed, and says how to include them when not.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
if (!existsSync(`${here}node_modules/.package-lock.json`)) {
  console.error('typecheck: the files using the test matrix are not type-checked: `npm run install:matrix` installs it');
  process.exit(0);
}
// The workspace's TypeScript, not one a matrix package may have brought.
const tsc = createRequire(new URL('../../package.json', import.meta.url)).resolve('typescript/bin/tsc');
const result = spawnSync(process.execPath, [tsc, '-p', `${here}tsconfig.json`, '--noEmit'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
