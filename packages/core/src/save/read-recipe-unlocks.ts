import { parseUuid } from './parse-uuid.js';
import { readRecipeFile } from './read-recipe-file.js';
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
  return readRecipeFile(save.root, player.files.advancements, maxBytes);
}
