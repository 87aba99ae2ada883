import { vanillaAdvancementsFor } from '../catalogue/advancement-source.js';
import type { AdvancementDefinition } from '../catalogue/types.js';
import { isRecipeId } from '../save/is-recipe-id.js';
import { advancementTitle } from './advancement-title.js';
import { iconUrl } from './icon-url.js';
import { requirementProgress } from './requirement-progress.js';
import type { SnapshotAdvancement } from './types.js';

/**
 * The advancement table of a save, holders still empty: every vanilla advancement of the game
 * versions the save contains plus every one a player holds (`heldIds`; DECISIONS 5: an upgraded
 * world can hold both lodestone ids), then datapack ids, sorted. Recipe unlocks are left out.
 * Also the vanilla definitions it used.
 */
export function advancementTable(
  dataVersions: readonly number[],
  heldIds: ReadonlySet<string>,
  iconTemplate: string | null,
): { advancements: SnapshotAdvancement[]; vanilla: readonly AdvancementDefinition[] } {
  const vanilla = vanillaAdvancementsFor(dataVersions, heldIds);
  const vanillaIds = new Set(vanilla.map((a) => a.id));
  const datapackIds = [...heldIds].filter((id) => !vanillaIds.has(id) && !isRecipeId(id)).sort();

  const advancements: SnapshotAdvancement[] = [
    ...vanilla.map((a): SnapshotAdvancement => ({
      id: a.id,
      title: a.title,
      description: a.description,
      category: a.category,
      source: 'vanilla',
      frame: a.frame,
      hidden: a.hidden,
      icon_item: a.icon,
      icon: iconUrl(iconTemplate, a.icon),
      wiki: a.wiki,
      required: requirementProgress(a.requirements, {}, a.criteria).required,
      holders: [],
      holder_at: [],
    })),
    ...datapackIds.map((id): SnapshotAdvancement => ({
      id,
      title: advancementTitle(id),
      description: null,
      category: id.slice(0, id.indexOf(':')),
      source: 'datapack',
      frame: null,
      hidden: false,
      icon_item: null,
      icon: null,
      wiki: null,
      required: -1,
      holders: [],
      holder_at: [],
    })),
  ];
  return { advancements, vanilla };
}
