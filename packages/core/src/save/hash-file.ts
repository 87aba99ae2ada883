import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * SHA-1 and SHA-512 (hex) of a file in one streamed pass: mod jars can be large, and Modrinth's
 * version-file lookup takes either hash.
 *
 * @example
 * await hashFile('/srv/minecraft/mods/sodium-fabric-0.5.8.jar'); // { sha1: '…', sha512: '…' }
 */
export async function hashFile(path: string): Promise<{ sha1: string; sha512: string }> {
  const sha1 = createHash('sha1');
  const sha512 = createHash('sha512');
  for await (const chunk of createReadStream(path, { flags: 'r', highWaterMark: 1 << 20 })) {
    sha1.update(chunk as Buffer);
    sha512.update(chunk as Buffer);
  }
  return { sha1: sha1.digest('hex'), sha512: sha512.digest('hex') };
}
