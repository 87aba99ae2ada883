import { join } from 'node:path';
import { isRecipeId } from './is-recipe-id.js';
import { parseGameTime } from './parse-game-time.js';
import { parseUuid } from './parse-uuid.js';
import { readBoundedFile, textOf } from './read-bounded-file.js';
import { OFF_THREAD_BYTES } from './read-limits.js';
import { SaveError } from './save-error.js';
import type { SaveData } from './types.js';

/**
 * Re-reads one player's advancement file for the recipe unlocks that `readSave` only counts
 * (the API's `include=recipes`; a 1.21 player has ~1,600). Each unlock is its id and the time
 * of its first criterion (the game unlocks a recipe on any one of them), newest first, ties by id.
 * A player without an advancement file has none. Throws a `SaveError` for a UUID the save does
 * not hold (`UNKNOWN_PLAYER`) or a file that can no longer be read (`UNREADABLE`), also one over
 * `maxBytes` (default 1 MiB, five times the largest real file: this runs while a request
 * waits, on its thread) or that is not a regular file.
 *
 * @example
 * const unlocks = await readRecipeUnlocks(save, '7c6db0fe-6d44-3433-be6b-597df03b5f2b');
 * unlocks[0]; // { id: 'minecraft:recipes/misc/charcoal', at: 1774119535000 }
 */
export async function readRecipeUnlocks(
  save: SaveData,
  uuid: string,
  maxBytes: number = OFF_THREAD_BYTES,
): Promise<Array<{ id: string; at: number }>> {
  const id = parseUuid(uuid);
  const player = id === null ? undefined : save.players.find((p) => p.uuid === id);
  if (player === undefined) {
    throw new SaveError('UNKNOWN_PLAYER', save.root, `The save holds no player ${uuid}.`);
  }
  if (player.files.advancements === null) return [];
  const path = join(save.root, ...player.files.advancements.split('/'));
  let file: unknown;
  try {
    file = JSON.parse(textOf(await readBoundedFile(path, maxBytes)));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return []; // deleted since the save was read
    throw new SaveError('UNREADABLE', path, `Cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (typeof file !== 'object' || file === null || Array.isArray(file)) {
    throw new SaveError('UNREADABLE', path, `${path} is not a JSON object.`);
  }
  const unlocks: Array<{ id: string; at: number }> = [];
  for (const [key, entry] of Object.entries(file as Record<string, unknown>)) {
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
