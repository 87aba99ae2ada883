import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { formatBytes } from './read-limits.js';

/**
 * Opening without blocking: a FIFO (named pipe) opened for reading waits for a writer, forever
 * if none comes, and Node's thread pool or this thread with it. With O_NONBLOCK the open returns
 * at once and the file's type is checked on the open descriptor (no race with a swap after a
 * `stat`). Regular files read the same either way. Windows has no FIFOs and no flag: 0.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** Why a file was refused without reading it: not a regular file, or over its size limit. */
export class FileRefusedError extends Error {
  override readonly name = 'FileRefusedError';
  readonly code: 'NOT_REGULAR' | 'TOO_LARGE';

  constructor(code: 'NOT_REGULAR' | 'TOO_LARGE', message: string) {
    super(message);
    this.code = code;
  }
}

function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

function check(info: Stats, maxBytes: number): void {
  if (!info.isFile()) throw new FileRefusedError('NOT_REGULAR', `${kindOf(info)}, not a regular file; skipped`);
  if (info.size > maxBytes) throw tooLarge(info.size, maxBytes);
}

function tooLarge(size: number | null, maxBytes: number): FileRefusedError {
  const what = size === null ? 'grew past' : `is ${formatBytes(size)}, over`;
  return new FileRefusedError('TOO_LARGE', `${what} the ${formatBytes(maxBytes)} size limit; skipped`);
}

/** One byte more than the size: a file that grew since the stat is read on (to the limit). */
function firstBuffer(info: Stats, maxBytes: number): Buffer {
  return Buffer.allocUnsafe(Math.min(info.size, maxBytes) + 1);
}

/** `buffer` when it has room after `length` bytes, else a larger copy (refused past the limit). */
function withRoom(buffer: Buffer, length: number, maxBytes: number): Buffer {
  if (length < buffer.length) return buffer;
  if (length > maxBytes) throw tooLarge(null, maxBytes);
  const grown = Buffer.allocUnsafe(Math.min(maxBytes + 1, buffer.length * 2));
  buffer.copy(grown, 0, 0, length);
  return grown;
}

/** The `length` bytes read, or the refusal of a file that grew past the limit. */
function contents(buffer: Buffer, length: number, maxBytes: number): Buffer {
  if (length > maxBytes) throw tooLarge(null, maxBytes);
  return buffer.subarray(0, length);
}

/**
 * Reads a whole regular file of at most `maxBytes`, synchronously: the player files of a save are
 * small and, just written by the game, in the page cache, where one synchronous read costs less
 * than a trip through the thread pool. Refuses (a `FileRefusedError`, before reading a byte) a
 * FIFO, socket, device or folder, and a file over the limit, also one that grows past it while
 * being read. Other errors (ENOENT: vanished since listed) are thrown as they come.
 *
 * @example
 * const bytes = readBoundedFileSync('/srv/minecraft/world/stats/<uuid>.json', 16 * 1024 * 1024);
 */
export function readBoundedFileSync(path: string, maxBytes: number, scratch?: ReadScratch): Buffer {
  const fd = openSync(path, OPEN_FLAGS);
  try {
    const info = fstatSync(fd);
    check(info, maxBytes);
    let buffer = scratch === undefined ? firstBuffer(info, maxBytes) : scratch.room(Math.min(info.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      buffer = withRoom(buffer, length, maxBytes);
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    scratch?.keep(buffer);
    return contents(buffer, length, maxBytes);
  } finally {
    closeSync(fd);
  }
}

/**
 * One buffer that `readBoundedFileSync` reads file after file into (its `scratch`), instead of a
 * buffer a file: what it returns is then a view of the scratch, valid until the next read
 * through it. For a thread that reads thousands of files only to parse each at once (the parse
 * workers): a buffer a file is a `malloc` a file outside V8's heap, freed only when V8 collects
 * it, and on a worker thread that memory comes from the thread's own malloc arena, which keeps
 * it resident once the worker is gone (2 parse workers left ~26 MB of arenas behind at 10,000
 * players). Keeps the largest buffer it needed up to `keepBytes` (default 1 MiB, the size from
 * which a file gets a worker of its own, see `OFF_THREAD_BYTES`); a larger one is let go after
 * its read.
 *
 * @example
 * const scratch = new ReadScratch();
 * const text = readBoundedFileSync(path, limit, scratch).toString('utf8'); // the bytes are overwritten by the next read
 */
export class ReadScratch {
  private buffer: Buffer = Buffer.allocUnsafeSlow(0);
  private readonly keepBytes: number;

  constructor(keepBytes = 1024 * 1024) {
    this.keepBytes = keepBytes;
  }

  /** The scratch when it holds `bytes`, else a buffer of that size. */
  room(bytes: number): Buffer {
    return this.buffer.length >= bytes ? this.buffer : Buffer.allocUnsafeSlow(bytes);
  }

  /** Keeps `buffer` (a read's, maybe grown) for the next read, when larger than the scratch and not over the bound. */
  keep(buffer: Buffer): void {
    if (buffer.length > this.buffer.length && buffer.length <= this.keepBytes) this.buffer = buffer;
  }
}

/**
 * `readBoundedFileSync` through the thread pool: for files read once in a while (root files, the
 * record, the data directory's own files), where waiting does not hold up this thread.
 *
 * @example
 * const bytes = await readBoundedFile('/srv/minecraft/usercache.json', 16 * 1024 * 1024);
 */
export async function readBoundedFile(path: string, maxBytes: number): Promise<Buffer> {
  const handle = await open(path, OPEN_FLAGS);
  try {
    const info = await handle.stat();
    check(info, maxBytes);
    let buffer = firstBuffer(info, maxBytes);
    let length = 0;
    for (;;) {
      buffer = withRoom(buffer, length, maxBytes);
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return contents(buffer, length, maxBytes);
  } finally {
    await handle.close();
  }
}

/** UTF-8 text of file bytes, without a leading byte-order mark (hand-edited files have one, and `JSON.parse` rejects it). */
export function textOf(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
