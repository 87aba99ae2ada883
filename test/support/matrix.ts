// The test matrix (test/matrix): the runtimes (Bun, Deno, workerd), the frameworks (Express,
// Hono, Fastify, Next.js, SvelteKit), Chromium's driver with axe-core and the OpenAPI linters, in
// an npm project of their own so that the workspace's `npm install` stays lean. `.ci/run`
// installs it; a developer runs `npm run install:matrix`. Without it the tests that need it skip
// with one reason saying so; under CI (CI=true) they fail instead, so nothing passes silently.
import { existsSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './repo.js';

/** The matrix project's folder. */
export const MATRIX_DIR: string = join(REPO_ROOT, 'test', 'matrix');

/** The skip reason of a test that needs the matrix when it is not installed. */
export const MATRIX_ABSENT: string = 'test matrix not installed: `npm run install:matrix` installs it (runtimes, frameworks, browser driver, linters)';

/** Whether `npm ci` has run in test/matrix (npm writes node_modules/.package-lock.json). */
export function matrixInstalled(): boolean {
  return existsSync(join(MATRIX_DIR, 'node_modules', '.package-lock.json'));
}

/** `node --import` this in a child process to give it the same resolution as {@link useMatrix}. */
export const MATRIX_REGISTER: string = pathToFileURL(join(MATRIX_DIR, 'register.mjs')).href;

/** A command the matrix installs (`bun`, `deno`, `wrangler`, `spectral`, `redocly`). */
export const matrixBin = (name: string): string => join(MATRIX_DIR, 'node_modules', '.bin', name);

let hooked = false;

/**
 * Makes the matrix usable from this process: bare imports the workspace cannot resolve are
 * resolved from test/matrix from now on (test/matrix/resolve-hooks.mjs), so import what needs it
 * dynamically after calling this. Returns false when it is installed, else the skip reason;
 * throws under CI, where every test must run.
 */
export function useMatrix(): false | string {
  if (!matrixInstalled()) {
    if (process.env.CI) throw new Error(`the tests need the test matrix under CI: ${MATRIX_ABSENT}`);
    return MATRIX_ABSENT;
  }
  if (!hooked) register('./resolve-hooks.mjs', MATRIX_REGISTER);
  hooked = true;
  return false;
}
