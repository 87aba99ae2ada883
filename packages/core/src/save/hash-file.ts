import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { FileRefusedError } from './read-bounded-file.js';
import { DEFAULT_READ_LIMITS, formatBytes } from './read-limits.js';

/**
 * SHA-1 and SHA-512 (hex) of a file in one streamed pass: mod jars can be large, and Modrinth's
 * version-file lookup takes either hash. Like every read of the save, it never waits on a FIFO
 * (opened without blocking, its type checked on the open file) and refuses a file over
 * `maxBytes` before reading it.
 *
 * @example
 * await hashFile('/srv/minecraft/mods/sodium-fabric-0.5.8.jar'); // { sha1: '…', sha512: '…' }
 */
export async function hashFile(path: string, maxBytes: number = DEFAULT_READ_LIMITS.modJarBytes): Promise<{ sha1: string; sha512: string }> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new FileRefusedError('NOT_REGULAR', 'not a regular file; skipped');
    if (info.size > maxBytes) throw new FileRefusedError('TOO_LARGE', `is ${formatBytes(info.size)}, over the ${formatBytes(maxBytes)} size limit; skipped`);
    const sha1 = createHash('sha1');
    const sha512 = createHash('sha512');
    let read = 0;
    for await (const chunk of handle.createReadStream({ highWaterMark: 1 << 20, autoClose: false, start: 0 })) {
      read += (chunk as Buffer).length;
      if (read > maxBytes) throw new FileRefusedError('TOO_LARGE', `grew past the ${formatBytes(maxBytes)} size limit; skipped`);
      sha1.update(chunk as Buffer);
      sha512.update(chunk as Buffer);
    }
    return { sha1: sha1.digest('hex'), sha512: sha512.digest('hex') };
  } finally {
    await handle.close();
  }
}
