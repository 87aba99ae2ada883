import type { AdvancementDefinition, StatDefinition } from '@blockstats/core';
import { DEFAULT_SKIN_NAMES } from './defaultSkin.js';
import { FALLBACK_ICONS, statIcon } from './statIcon.js';

/**
 * Every icon the site can show, in a stable order: each statistic's and advancement's icon, the
 * fallbacks, and the default skins' heads. The sprite generator draws exactly these.
 */
export function wantedIcons(stats: readonly StatDefinition[], advancements: readonly AdvancementDefinition[]): string[] {
  const all = () => true;
  const keys = new Set<string>([
    ...FALLBACK_ICONS,
    ...stats.map((stat) => statIcon(stat, all)),
    ...advancements.map((a) => a.icon.replace(/^minecraft:/, '')),
    ...DEFAULT_SKIN_NAMES.map((name) => `head_${name}`),
  ]);
  return [...keys];
}
