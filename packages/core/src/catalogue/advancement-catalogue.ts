import { advancementData } from './advancements.data.js';
import type { AdvancementDefinition } from './types.js';

/**
 * Every vanilla (non-recipe) advancement of Minecraft Java 1.20 → 1.21.11, the 5 tab roots
 * included, in tab order (story, nether, end, adventure, husbandry; root first, then by id).
 * Removed or moved ids stay in the catalogue with `removedInDataVersion` set (e.g.
 * `minecraft:nether/use_lodestone`, which became `minecraft:adventure/use_lodestone` in 1.21.5,
 * DataVersion 4325), because upgraded worlds still hold them. Which ones count for a given save
 * is {@link vanillaAdvancementsFor}'s job. Generated data: see
 * `scripts/build-advancement-catalogue.ts`.
 *
 * @example
 * ```ts
 * import { advancementCatalogue } from '@blockstats/core';
 * const current = advancementCatalogue.filter((a) => a.removedInDataVersion === null); // 125 in 1.21.11
 * advancementCatalogue.find((a) => a.id === 'minecraft:end/elytra')?.title; // 'Sky's the Limit'
 * ```
 */
export const advancementCatalogue: readonly AdvancementDefinition[] = Object.freeze([...advancementData]);

const byId: ReadonlyMap<string, AdvancementDefinition> = new Map(advancementCatalogue.map((a) => [a.id, a]));

/**
 * Adds the default namespace to an advancement id that has none (`story/root` →
 * `minecraft:story/root`), as the spec allows on lookup.
 *
 * @example
 * ```ts
 * namespacedAdvancementId('story/mine_stone'); // 'minecraft:story/mine_stone'
 * namespacedAdvancementId('incendium:root'); // 'incendium:root'
 * ```
 */
export function namespacedAdvancementId(id: string): string {
  return id.includes(':') ? id : `minecraft:${id}`;
}

/**
 * Looks up a vanilla advancement by id, with or without the `minecraft:` namespace.
 *
 * @example
 * ```ts
 * findAdvancement('story/mine_stone')?.title; // 'Stone Age'
 * findAdvancement('minecraft:nether/use_lodestone')?.removedInDataVersion; // 4325
 * findAdvancement('minecraft:recipes/misc/charcoal'); // undefined: recipes are not advancements
 * ```
 */
export function findAdvancement(id: string): AdvancementDefinition | undefined {
  return byId.get(namespacedAdvancementId(id));
}
