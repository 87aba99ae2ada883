import type { Player } from '@blockstats/core';
import { usePage } from '../PageContext.js';

/** The letter a placeholder head shows: the name's first letter or digit (past Floodgate's `.`). */
function initial(player: Pick<Player, 'name'>): string {
  const match = /[\p{L}\p{N}]/u.exec(player.name ?? '');
  return match ? match[0].toUpperCase() : '?';
}

/**
 * A player's head from the configured texture URL, or, with external images off (or no URL),
 * a plain square in the edition's colour with the name's initial: no third-party request.
 */
export function PlayerHead({ player, large = false }: { player: Pick<Player, 'name' | 'edition' | 'textures'>; large?: boolean }) {
  const { site } = usePage();
  const className = `head head--${player.edition}${large ? ' head--lg' : ''}`;
  const size = large ? 96 : 24;
  if (site.externalImages && player.textures.head) {
    return <img class={className} src={player.textures.head} alt="" width={size} height={size} loading="lazy" decoding="async" referrerpolicy="no-referrer" />;
  }
  return <span class={className} aria-hidden="true">{initial(player)}</span>;
}
