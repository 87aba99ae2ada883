import { findAdvancement } from '@blockstats/core';
import { NEUTRAL_ICON } from './statIcon.js';

/**
 * The sprite icon of an advancement: the item the game shows for it (advancements.json `icon`),
 * or the neutral icon for an advancement the catalogue does not know (a datapack's).
 *
 * @example
 * advancementIcon('minecraft:story/mine_diamond', hasIcon); // 'diamond'
 */
export function advancementIcon(id: string, has: (icon: string) => boolean): string {
  const item = findAdvancement(id)?.icon.replace(/^minecraft:/, '');
  return item && has(item) ? item : NEUTRAL_ICON;
}
