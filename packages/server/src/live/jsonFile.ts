import { mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readBoundedFile } from '@blockstats/core/node';
import { jsonChunks, type JsonChunksOptions } from './jsonChunks.js';

let sequence = 0;

/** Largest JSON file `readJsonFile` reads by default: the data directory's own files (a snapshot of 50,000 players is ~175 MB). */
export const JSON_FILE_BYTES = 1024 ** 3;

/** `<target>.<pid>.<n>.tmp`: a temporary file of the writers below. */
const TEMPORARY = /^.+\.(\d+)\.\d+\.tmp$/;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files a writer killed mid-write left in `dir` (the atomic writers below
 * rename their temporary file over the target only once it is complete): those of this process
 * (call it before this process writes there; in a container every start has the same pid) and
 * of processes that are gone. Returns the names removed.
 *
 * @example
 * await cleanTemporaryFiles('/var/lib/blockstats'); // ['snapshot.json.4211.7.tmp']
 */
export async function cleanTemporaryFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = TEMPORARY.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid !== process.pid && alive(pid)) continue;
    try {
      await rm(join(dir, name), { force: true });
      removed.push(name);
    } catch {
      // Not ours to remove after all (permissions): left alone.
    }
  }
  return removed;
}

/** Writes bytes atomically, like {@link writeJsonAtomic}. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${++sequence}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

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
 * (objects and arrays down to `depth` levels member by member, long columns a slice at a time,
 * see `jsonChunks` and its `options`), never held whole, so writing a value costs little memory
 * beyond the value itself, and flushed to disk (fsync) before it replaces the target. Same bytes
 * as `writeJsonAtomic` for plain data.
 */
export async function writeLargeJsonAtomic(path: string, value: unknown, depth: number, options: JsonChunksOptions = {}): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${++sequence}.tmp`;
  try {
    const file = await open(temporary, 'w');
    try {
      let pending = '';
      for (const chunk of jsonChunks(value, depth, options)) {
        pending += chunk;
        if (pending.length >= WRITE_CHARS) {
          await file.write(pending, null, 'utf8');
          pending = '';
        }
      }
      await file.write(`${pending}\n`, null, 'utf8');
      // On disk before the rename (on libuv's threads: this thread goes on serving): without it
      // the rename could outlive the data in a power loss.
      await file.sync();
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
 * Reads a JSON file of at most `maxBytes` (a regular file: a FIFO in its place is refused, never
 * waited on). Resolves `undefined` when it does not exist; rejects with a message naming the file
 * when it exists but cannot be read or parsed.
 */
export async function readJsonFile(path: string, maxBytes: number = JSON_FILE_BYTES): Promise<unknown> {
  let text: string;
  try {
    text = (await readBoundedFile(path, maxBytes)).toString('utf8');
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
