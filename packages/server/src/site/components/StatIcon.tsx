import { findStat } from '@blockstats/core';
import { hasIcon } from '../icons/iconSprite.js';
import { NEUTRAL_ICON, statIcon } from '../icons/statIcon.js';
import { Icon } from './Icon.js';

/** The game icon of a statistic (its block, item or mob), by the statistic's id. */
export function StatIcon({ id, class: extra }: { id: string; class?: string }) {
  const stat = findStat(id);
  return <Icon name={stat ? statIcon(stat, hasIcon) : NEUTRAL_ICON} class={extra} />;
}
