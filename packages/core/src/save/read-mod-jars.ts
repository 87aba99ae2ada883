import { stat } from 'node:fs/promises';
import { hashFile } from './hash-file.js';
import type { SaveFile } from './list-save-files.js';
import { mapLimit } from './map-limit.js';
import { deepFreeze } from './packed.js';
import { fileStamp, type FileStamp, type ParseCache } from './parse-cache.js';
import { readErrorReason } from './read-error-reason.js';
import type { ModJar, SaveWarning } from './types.js';

type Hashes = { sha1: string; sha512: string };

/** Hashes one jar (streamed: jars are large), through the cache; null and a warning when it cannot be. */
async function readJar(jar: SaveFile, modsDir: string, cache: ParseCache | undefined, maxBytes: number, warnings: SaveWarning[]): Promise<ModJar | null> {
  const fail = (error: unknown): null => {
    warnings.push({ file: jar.file, reason: readErrorReason(error), unreadable: true });
    return null;
  };
  let stamp: FileStamp;
  try {
    const info = await stat(jar.path);
    if (!info.isFile()) return fail(new Error('not a regular file; skipped'));
    stamp = fileStamp(jar.dir, jar.name, info.size, info.mtimeMs);
  } catch (error) {
    return fail(error);
  }
  let hashes = cache?.get<Hashes>('mod', stamp);
  if (hashes === undefined) {
    try {
      hashes = deepFreeze(await hashFile(jar.path, maxBytes));
    } catch (error) {
      return fail(error); // not cached: tried again at the next read
    }
    cache?.set('mod', stamp, hashes);
  }
  return { file: jar.path.slice(modsDir.length + 1), size: stamp.size, ...hashes };
}

/**
 * Hashes the mod jars of a listing, `concurrency` at once, each within `maxBytes`. Jars that
 * cannot be read are left out with a warning.
 */
export async function readModJars(
  jars: readonly SaveFile[],
  modsDir: string,
  options: { cache: ParseCache | undefined; concurrency: number; maxBytes: number; onEach: () => void },
  warnings: SaveWarning[],
): Promise<ModJar[]> {
  const read = await mapLimit(jars, options.concurrency, async (jar) => {
    const result = await readJar(jar, modsDir, options.cache, options.maxBytes, warnings);
    options.onEach();
    return result;
  });
  return read.filter((jar): jar is ModJar => jar !== null);
}
