import type { Player } from '@blockstats/core';
import { defaultSkin } from '../icons/defaultSkin.js';
import { usePage } from '../PageContext.js';
import { sitePaths } from '../sitePaths.js';
import { Icon } from './Icon.js';

/**
 * A player's head, always from the site's own host: the head of the player's skin when the
 * server has downloaded it (`site.heads`, skin lookups on), drawn by blockstats; otherwise the
 * game's default skin for the player's UUID (as 1.19.3+ chooses it: offline mode, Bedrock
 * players and lookups off look as they do in game), from the icon sprite. With
 * `site.externalImages` on, the configured texture URL of the head instead (a third-party host).
 */
export function PlayerHead({ player, large = false }: { player: Pick<Player, 'uuid' | 'edition' | 'textures' | 'skin'>; large?: boolean }) {
  const { site, links } = usePage();
  const className = `head head--${player.edition}${large ? ' head--lg' : ''}`;
  const size = large ? 96 : 24;
  if (site.externalImages && player.textures.head) {
    return <img class={className} src={player.textures.head} alt="" width={size} height={size} loading="lazy" decoding="async" referrerpolicy="no-referrer" />;
  }
  if (player.skin && site.heads?.(player.skin)) {
    return <img class={className} src={links.file(sitePaths.head(player.skin))} alt="" width={size} height={size} decoding="async" />;
  }
  return <Icon name={`head_${defaultSkin(player.uuid).name}`} class={className} />;
}
