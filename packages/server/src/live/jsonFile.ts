import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { jsonChunks } from './jsonChunks.js';

let sequence = 0;

/**
 * Writes JSON atomically: a temporary file in the same folder, then a rename over the target, so
 * a crash or a concurrent reader never sees half a file. Creates the folder when missing.
 */
export async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${++sequence}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(value)}\n`, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Pieces are gathered into writes of about this many characters: small enough that each piece
 * and its encoded copy die young (larger strings go straight to the old generation and stay
 * until a full collection), large enough that a 35 MB snapshot is a few hundred writes.
 */
const WRITE_CHARS = 1 << 16;

/**
 * Like {@link writeJsonAtomic}, for large values: the text is written in pieces of about 64 KiB
 * (objects and arrays down to `depth` levels member by member, see `jsonChunks`), never held
 * whole, so writing a value costs little memory beyond the value itself. Same bytes as
 * `writeJsonAtomic` for plain data.
 */
export async function writeLargeJsonAtomic(path: string, value: unknown, depth: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${++sequence}.tmp`;
  try {
    const file = await open(temporary, 'w');
    try {
      let pending = '';
      for (const chunk of jsonChunks(value, depth)) {
        pending += chunk;
        if (pending.length >= WRITE_CHARS) {
          await file.write(pending, null, 'utf8');
          pending = '';
        }
      }
      await file.write(`${pending}\n`, null, 'utf8');
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Reads a JSON file. Resolves `undefined` when it does not exist; rejects with a message naming
 * the file when it exists but cannot be read or parsed.
 */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}
