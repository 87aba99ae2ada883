import { findAdvancement } from '@blockstats/core';
import { advancementIcon } from '../icons/advancementIcon.js';
import { hasIcon } from '../icons/iconSprite.js';
import { Icon } from './Icon.js';

/**
 * An advancement as the game's advancement screen draws it: its item icon on its frame (task,
 * goal or challenge), both from the icon sprite, so no other host is contacted.
 */
export function AdvancementIcon({ id, large = false }: { id: string; large?: boolean }) {
  const frame = findAdvancement(id)?.frame ?? 'task';
  return (
    <span class={`fr fr-${frame}${large ? ' fr--lg' : ''}`} aria-hidden="true">
      <Icon name={advancementIcon(id, hasIcon)} />
    </span>
  );
}
