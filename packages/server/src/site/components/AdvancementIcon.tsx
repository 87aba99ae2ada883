import { findAdvancement } from '@blockstats/core';
import { advancementIcon } from '../icons/advancementIcon.js';
import { hasIcon } from '../icons/iconSprite.js';
import { Icon } from './Icon.js';

/**
 * An advancement as the game's advancement screen draws it: its item icon on its frame (task,
 * goal or challenge), both from the icon sprite, so no other host is contacted. Like `Icon`, empty
 * spans drawn by their backgrounds, with nothing for a screen reader to read: no `aria-hidden`
 * (a profile repeats it for every advancement, for the page budget).
 */
export function AdvancementIcon({ id, large = false }: { id: string; large?: boolean }) {
  const frame = findAdvancement(id)?.frame ?? 'task';
  return (
    <span class={`fr fr-${frame}${large ? ' fr--lg' : ''}`}>
      <Icon name={advancementIcon(id, hasIcon)} />
    </span>
  );
}
