import { join } from 'node:path';
import { readBoundedFile, textOf } from './read-bounded-file.js';
import { readErrorReason } from './read-error-reason.js';
import type { SaveWarning } from './types.js';

/**
 * Reads an optional text file of a server root (`server.properties`, Floodgate's `config.yml`,
 * a profile list…): null when it is absent, null and a warning when it cannot be used (a FIFO,
 * socket, device or folder in its place, over `maxBytes`, unreadable). Never waits on a FIFO
 * and never reads more than `maxBytes`. `file` is relative to `root`, `/`-separated, and is the
 * warning's `file`.
 *
 * @example
 * const warnings: SaveWarning[] = [];
 * const text = await readRootTextFile('/srv/minecraft', 'ops.json', warnings, 16 * 1024 * 1024);
 */
export async function readRootTextFile(root: string, file: string, warnings: SaveWarning[], maxBytes: number): Promise<string | null> {
  try {
    return textOf(await readBoundedFile(join(root, ...file.split('/')), maxBytes));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      warnings.push({ file, reason: `unreadable: ${readErrorReason(error)}`, unreadable: true });
    }
    return null;
  }
}
