import type { Snapshot } from '../snapshot/types.js';

/** The game's tab order; other (datapack) categories follow alphabetically. */
const TAB_ORDER: readonly string[] = ['story', 'nether', 'end', 'adventure', 'husbandry'];

/**
 * The live category list (SPEC `meta.categories`): the categories of the snapshot's vanilla
 * advancements in tab order, plus datapack namespaces when `includeDatapack` is set.
 *
 * @example
 * advancementCategories(snapshot); // ['story', 'nether', 'end', 'adventure', 'husbandry']
 */
export function advancementCategories(snapshot: Snapshot, includeDatapack = false): string[] {
  const present = new Set<string>();
  for (const a of snapshot.advancements) {
    if (a.source === 'vanilla' || includeDatapack) present.add(a.category);
  }
  return [...present].sort(categoryOrder);
}

/**
 * Orders categories as the game's tabs, then alphabetically.
 *
 * @example
 * ['end', 'incendium', 'story'].sort(categoryOrder); // ['story', 'end', 'incendium']
 */
export function categoryOrder(a: string, b: string): number {
  const ia = TAB_ORDER.indexOf(a);
  const ib = TAB_ORDER.indexOf(b);
  if (ia !== ib) return ia === -1 ? 1 : ib === -1 ? -1 : ia - ib;
  return a < b ? -1 : a > b ? 1 : 0;
}
