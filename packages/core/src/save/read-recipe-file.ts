import { join } from 'node:path';
import { isRecipeId } from './is-recipe-id.js';
import { parseGameTime } from './parse-game-time.js';
import { readBoundedFile, textOf } from './read-bounded-file.js';
import { OFF_THREAD_BYTES } from './read-limits.js';
import { SaveError } from './save-error.js';

/**
 * The recipe unlocks of one advancement file, given as the server root and the file's path
 * below it (`PlayerSave.files.advancements`): what `readRecipeUnlocks` reads once it has found
 * the player. Kept apart so a server restored from its data directory, which holds the files'
 * paths but no `SaveData`, reads them exactly alike. Each unlock is its id and the time of its
 * first criterion, newest first, ties by id; a file deleted since is none. Throws a `SaveError`
 * (`UNREADABLE`) for a file that cannot be read, is over `maxBytes` (default 1 MiB) or is not a
 * JSON object.
 *
 * @example
 * await readRecipeFile('/srv/minecraft', 'world/advancements/7c6db0fe-6d44-3433-be6b-597df03b5f2b.json');
 * // [{ id: 'minecraft:recipes/misc/charcoal', at: 1774119535000 }, …]
 */
export async function readRecipeFile(
  root: string,
  file: string,
  maxBytes: number = OFF_THREAD_BYTES,
): Promise<Array<{ id: string; at: number }>> {
  const path = join(root, ...file.split('/'));
  let parsed: unknown;
  try {
    parsed = JSON.parse(textOf(await readBoundedFile(path, maxBytes)));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return []; // deleted since the save was read
    throw new SaveError('UNREADABLE', path, `Cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new SaveError('UNREADABLE', path, `${path} is not a JSON object.`);
  }
  const unlocks: Array<{ id: string; at: number }> = [];
  for (const [key, entry] of Object.entries(parsed as Record<string, unknown>)) {
    if (!isRecipeId(key) || typeof entry !== 'object' || entry === null) continue;
    const { criteria, done } = entry as { criteria?: unknown; done?: unknown };
    if (done === false || typeof criteria !== 'object' || criteria === null) continue;
    let at: number | null = null;
    for (const value of Object.values(criteria)) {
      const time = parseGameTime(value);
      if (time !== null && (at === null || time < at)) at = time;
    }
    if (at !== null) unlocks.push({ id: key, at });
  }
  return unlocks.sort((a, b) => b.at - a.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
