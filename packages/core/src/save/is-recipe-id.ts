/**
 * Recipe unlocks are `<namespace>:recipes/<group>/<recipe>` (mods use their own namespace);
 * they are not advancements (DECISIONS 5).
 *
 * @example
 * isRecipeId('minecraft:recipes/misc/charcoal'); // true
 * isRecipeId('minecraft:story/root'); // false
 */
export function isRecipeId(id: string): boolean {
  return id.startsWith('recipes/', id.indexOf(':') + 1);
}
