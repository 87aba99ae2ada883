import { stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CliError, EXIT } from './errors.js';

/** Why a file cannot be written, by error code; other failures are unexpected. */
const WRITE_ERRORS: Record<string, string> = {
  EISDIR: 'it is a folder, not a file',
  ENOENT: 'its folder does not exist',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
};

/** The usage error for an `--out` file that cannot be written, or the error itself when unexpected. */
function outError(file: string, error: unknown): unknown {
  const reason = WRITE_ERRORS[(error as NodeJS.ErrnoException).code ?? ''];
  return reason ? new CliError(`--out ${file}: ${reason}.`, EXIT.usage) : error;
}

/**
 * Fails at once, before a save is read, when `file` cannot be an output file: a folder, or in a
 * folder that does not exist.
 */
export async function checkOutFile(file: string): Promise<void> {
  const existing = await stat(file).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(outError(file, error))));
  if (existing?.isDirectory()) throw outError(file, Object.assign(new Error('directory'), { code: 'EISDIR' }));
  if (existing) return;
  const folder = await stat(dirname(file)).catch((error: unknown) => Promise.reject(outError(file, error)));
  if (!folder.isDirectory()) throw outError(file, Object.assign(new Error('not a directory'), { code: 'ENOTDIR' }));
}

/** Writes `body` to the `--out` file, a failure the file system explains becoming a usage error naming it. */
export async function writeOutFile(file: string, body: string | Uint8Array): Promise<void> {
  await writeFile(file, body).catch((error: unknown) => Promise.reject(outError(file, error)));
}
