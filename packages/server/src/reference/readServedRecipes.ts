import { parseUuid, SaveError } from '@blockstats/core';
import { readRecipeFile } from '@blockstats/core/node';
import { ApiError } from '../http/ApiError.js';
import type { RecipeUnlock } from '../router/RouterOptions.js';
import type { PullState } from './PullState.js';

/**
 * A player's recipe unlocks (`include=recipes`) from where the server answers them: null for a
 * player not in the save, none for one without a recipe file. A file unreadable right now (cut
 * short mid-copy, over its limit) is a 503 (`unavailable`), not a 500.
 */
export async function readServedRecipes(recipes: PullState['recipes'], uuid: string): Promise<readonly RecipeUnlock[] | null> {
  const id = parseUuid(uuid);
  const file = recipes === null || id === null ? undefined : recipes.file(id);
  if (recipes === null || file === undefined) return null;
  if (file === null) return [];
  try {
    return await readRecipeFile(recipes.root, file);
  } catch (error) {
    if (error instanceof SaveError) throw new ApiError('unavailable', 'This player\'s recipe unlocks cannot be read from the save right now; try again after the next pull.');
    throw error;
  }
}
