import type { Player } from '@blockstats/core';
import { defaultSkin } from '../icons/defaultSkin.js';
import { usePage } from '../PageContext.js';
import { Icon } from './Icon.js';

/**
 * A player's head. By default the game's own default skin for the player's UUID (as 1.19.3+
 * chooses it: offline mode, Bedrock players and unknown skins look as they do in game), drawn
 * from the icon sprite, so the page contacts no other host. With `site.externalImages` on, the
 * configured texture URL of the player's head instead (a third-party host).
 */
export function PlayerHead({ player, large = false }: { player: Pick<Player, 'uuid' | 'edition' | 'textures'>; large?: boolean }) {
  const { site } = usePage();
  const className = `head head--${player.edition}${large ? ' head--lg' : ''}`;
  const size = large ? 96 : 24;
  if (site.externalImages && player.textures.head) {
    return <img class={className} src={player.textures.head} alt="" width={size} height={size} loading="lazy" decoding="async" referrerpolicy="no-referrer" />;
  }
  return <Icon name={`head_${defaultSkin(player.uuid).name}`} class={className} />;
}
