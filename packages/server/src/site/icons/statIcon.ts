import type { StatDefinition } from '@blockstats/core';
import { customStatIcons } from './customStatIcons.js';
import { mobIcon } from './mobIcon.js';

/** The statistics screen's glyph of each stat type: the icon of a total over every key of the type. */
const TYPE_GLYPHS: Readonly<Record<string, string>> = {
  'minecraft:mined': 'stat_block_mined',
  'minecraft:crafted': 'stat_item_crafted',
  'minecraft:used': 'stat_item_used',
  'minecraft:broken': 'stat_item_broken',
  'minecraft:picked_up': 'stat_item_picked_up',
  'minecraft:dropped': 'stat_item_dropped',
  'minecraft:killed': 'diamond_sword',
  'minecraft:killed_by': 'zombie_head',
};

/** Statistics that sum several keys and have a better face than their first key. */
const GROUP_ICONS: Readonly<Record<string, string>> = {
  killed_hostile_total: 'creeper_head',
  killed_passive_total: 'leather',
  mined_ores_total: 'diamond_ore',
  mined_crops: 'wheat',
  mined_sculk: 'sculk',
  crafted_rails: 'rail',
  crafted_netherite_gear: 'netherite_pickaxe',
  broken_pickaxe: 'iron_pickaxe',
  broken_sword: 'iron_sword',
  broken_axe: 'iron_axe',
  broken_shovel: 'iron_shovel',
  broken_armor: 'iron_chestplate',
  used_potions: 'potion',
};

/** The icon of a statistic nothing else describes. */
export const NEUTRAL_ICON = 'paper';

/** The icons a statistic falls back to: the neutral one and the stat types' glyphs. */
export const FALLBACK_ICONS: readonly string[] = [NEUTRAL_ICON, ...Object.values(TYPE_GLYPHS)];

const path = (key: string): string => key.replace(/^minecraft:/, '');

/**
 * The sprite icon of a statistic: the item or block it counts (the first of a group), the mob's
 * spawn egg for kills and deaths, a fitting item for `minecraft:custom` counters, the statistics
 * screen's glyph for a total over a whole type, and a neutral sheet of paper for anything else
 * (a library user's own statistic of a modded type). `has` says which icons the sprite holds, so
 * a modded key falls back instead of naming a missing icon.
 *
 * @example
 * statIcon(findStat('mined_diamond_ore')!, hasIcon); // 'diamond_ore'
 * statIcon(findStat('killed_creeper')!, hasIcon); // 'creeper_spawn_egg'
 */
export function statIcon(stat: Pick<StatDefinition, 'id' | 'sources'>, has: (icon: string) => boolean): string {
  const chosen = GROUP_ICONS[stat.id] ?? customStatIcons[stat.id];
  if (chosen && has(chosen)) return chosen;
  const source = stat.sources[0];
  if (!source) return NEUTRAL_ICON;
  const key = source.keys?.[0];
  if (key && source.type !== 'minecraft:custom') {
    const icon = source.type === 'minecraft:killed' || source.type === 'minecraft:killed_by' ? mobIcon(path(key)) : path(key);
    if (has(icon)) return icon;
  }
  const glyph = TYPE_GLYPHS[source.type];
  return glyph && has(glyph) ? glyph : NEUTRAL_ICON;
}
