import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModJar } from './types.js';

/**
 * Lists the `*.jar` files of a server's `mods/` folder with their sha1 and sha512 (what
 * Modrinth's version-files lookup takes). Disabled jars (`*.jar.disabled`), sub-folders and
 * unreadable files are skipped; a missing folder gives an empty list. Sorted by file name.
 */
export async function scanModJars(modsDir: string): Promise<ModJar[]> {
  let names: string[];
  try {
    names = await readdir(modsDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const jars: ModJar[] = [];
  for (const file of names.filter((name) => name.toLowerCase().endsWith('.jar')).sort()) {
    const path = join(modsDir, file);
    try {
      const info = await stat(path);
      if (!info.isFile()) continue;
      jars.push({ file, size: info.size, ...(await hashFile(path)) });
    } catch {
      // Vanished or unreadable between readdir and read: leave it out of this scan.
    }
  }
  return jars;
}

function hashFile(path: string): Promise<{ sha1: string; sha512: string }> {
  return new Promise((resolve, reject) => {
    const sha1 = createHash('sha1');
    const sha512 = createHash('sha512');
    createReadStream(path)
      .on('data', (chunk) => {
        sha1.update(chunk);
        sha512.update(chunk);
      })
      .on('error', reject)
      .on('end', () => resolve({ sha1: sha1.digest('hex'), sha512: sha512.digest('hex') }));
  });
}
