import { readFile } from 'node:fs/promises';

/**
 * Reads a UTF-8 text file read-only, without a leading byte-order mark (hand-edited files have
 * one, and `JSON.parse` rejects it).
 */
export async function readTextFile(path: string): Promise<string> {
  const text = await readFile(path, { encoding: 'utf8', flag: 'r' });
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A file-system or parse error as a warning reason. */
export function readErrorReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return 'file vanished while the save was being read';
  return error instanceof Error ? error.message : String(error);
}
