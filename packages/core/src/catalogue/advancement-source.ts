import { advancementCatalogue, findAdvancement, namespacedAdvancementId } from './advancement-catalogue.js';
import type { AdvancementDefinition } from './types.js';

/**
 * Classifies an advancement id found in a player's file (DECISIONS 5): `recipe` for recipe
 * unlocks (`minecraft:recipes/…`), `vanilla` for any id of the vanilla catalogue of any
 * catalogued version (moved ids like `minecraft:nether/use_lodestone` included), and `datapack`
 * for everything else. Ids without a namespace are read as `minecraft:`.
 *
 * @example
 * ```ts
 * advancementSource('minecraft:story/mine_stone'); // 'vanilla'
 * advancementSource('minecraft:recipes/misc/charcoal'); // 'recipe'
 * advancementSource('blazeandcave:bacap/root'); // 'datapack'
 * ```
 */
export function advancementSource(id: string): 'vanilla' | 'datapack' | 'recipe' {
  const full = namespacedAdvancementId(id);
  if (full.startsWith('minecraft:recipes/')) return 'recipe';
  return findAdvancement(full) ? 'vanilla' : 'datapack';
}

/** True when the advancement exists in the game version with this DataVersion. */
const existsIn = (a: AdvancementDefinition, dataVersion: number): boolean =>
  a.addedInDataVersion <= dataVersion && (a.removedInDataVersion === null || dataVersion < a.removedInDataVersion);

/**
 * The vanilla advancements that count for a save (DECISIONS 5): those of every game version the
 * save contains, i.e. every catalogue entry whose [added, removed) DataVersion range covers one
 * of `dataVersions`, plus any entry some player holds (`heldIds`, namespaced or not; non-vanilla
 * ids are ignored). So an upgraded world holding both `nether/use_lodestone` and
 * `adventure/use_lodestone` counts both. With no DataVersions, the newest version's set plus the
 * held ids. Derived from the catalogue's data, never a hard-coded count. Catalogue order.
 *
 * @example
 * ```ts
 * vanillaAdvancementsFor([4671]).length; // 125 (1.21.11)
 * vanillaAdvancementsFor([3463]).length; // 110 (1.20)
 * vanillaAdvancementsFor([4189, 4671]).length; // 126: both lodestone ids
 * vanillaAdvancementsFor([4671], ['minecraft:nether/use_lodestone']).length; // 126
 * ```
 */
export function vanillaAdvancementsFor(
  dataVersions: readonly number[],
  heldIds: Iterable<string> = [],
): AdvancementDefinition[] {
  const held = new Set<string>();
  for (const id of heldIds) {
    const found = findAdvancement(id);
    if (found) held.add(found.id);
  }
  const versions = dataVersions.filter((v) => Number.isFinite(v));
  const counts = versions.length === 0
    ? (a: AdvancementDefinition) => a.removedInDataVersion === null
    : (a: AdvancementDefinition) => versions.some((v) => existsIn(a, v));
  return advancementCatalogue.filter((a) => held.has(a.id) || counts(a));
}
