// Shared by the CLI tests: the repository root, a small generated demo server, and the built
// binary (rebuilt only when a source file is newer than it).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../test/support/repo.js';
import type { CliIo } from '../src/io.js';

export const ROOT = REPO_ROOT;
export const BIN = join(ROOT, 'packages', 'cli', 'dist', 'bin.js');

/** Generates a demo server with `players` players into `dir` (about a second for 30). */
export function generateDemo(dir: string, players = 30): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'examples', 'generate-demo-server.ts'), '--out', dir, '--players', String(players)], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
}

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * Builds every package with tsup unless the CLI's dist/bin.js is newer than every source file.
 * Without declaration files: the binary does not need them, and it takes a second instead of
 * half a minute (`npm run build` makes the full build with types).
 */
export function ensureBuilt(): void {
  const packages = ['core', 'svg', 'server', 'cli'].map((name) => join(ROOT, 'packages', name));
  const built = existsSync(BIN) ? statSync(BIN).mtimeMs : 0;
  const stale = packages.some((dir) => !existsSync(join(dir, 'dist')) || newest(join(dir, 'src')) > built);
  if (!stale) return;
  const tsup = join(ROOT, 'node_modules', 'tsup', 'dist', 'cli-default.js');
  for (const dir of packages) {
    const result = spawnSync(process.execPath, [tsup, '--no-dts', '--silent'], { cwd: dir, encoding: 'utf8' });
    assert.equal(result.status, 0, `tsup failed in ${dir}:\n${result.stdout}\n${result.stderr}`);
  }
}

/** An in-memory CliIo: what `run()` wrote, and whether it pretends to be a terminal. */
export function memoryIo(options: { cwd: string; env?: Record<string, string>; tty?: boolean; columns?: number }) {
  const out: Array<string | Uint8Array> = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: { write: (chunk) => out.push(chunk), isTTY: options.tty ?? false, columns: options.columns ?? 120 },
    stderr: { write: (chunk) => err.push(String(chunk)), isTTY: options.tty ?? false, columns: options.columns ?? 120 },
    env: { NO_COLOR: '1', ...options.env },
    cwd: options.cwd,
  };
  return {
    io,
    stdout: () => out.map((c) => (typeof c === 'string' ? c : Buffer.from(c).toString('latin1'))).join(''),
    stdoutBytes: () => Buffer.concat(out.map((c) => (typeof c === 'string' ? Buffer.from(c) : Buffer.from(c)))),
    stderr: () => err.join(''),
  };
}
