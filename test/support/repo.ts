// Where the repository is and where the real server saves sit next to it, for every test in the
// workspace. Resolved from this file's own location rather than the working directory or an
// environment variable, so a test finds them however it is started (test/run.mjs, `node --test`
// on one file, an editor's runner).
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root (the nearest folder above this module holding package-lock.json), absolute,
 * without a trailing slash. Searched for rather than fixed at `../..`, because the benchmark
 * bundles its children, this file included, into bench/.work/children/.
 */
export const REPO_ROOT: string = findRepoRoot(dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package-lock.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package-lock.json above ${start}`);
  }
}

/**
 * The real server saves the tests read: `../shared/real-saves` next to the repository. They are
 * not part of the project and are never copied into it, so they may be absent (a fresh clone).
 */
export const REAL_SAVES: string = join(REPO_ROOT, '..', 'shared', 'real-saves');

/** The skip reason for a test that needs the real saves when they are absent. */
export const REAL_SAVES_ABSENT: string = 'real-saves absent: ../shared/real-saves not found next to the repository';

/** Whether the real saves are there; a test skips with {@link REAL_SAVES_ABSENT} when not. */
export function realSavesPresent(): boolean {
  return existsSync(REAL_SAVES);
}

/**
 * Every file below the real saves (every source, every sub-folder, odd ones included) for which
 * `keep(folder, name)` holds, as absolute paths in a stable order.
 */
export function realSaveFiles(keep: (folder: string, name: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (keep(dir, entry.name)) found.push(path);
    }
  };
  walk(REAL_SAVES);
  return found;
}
