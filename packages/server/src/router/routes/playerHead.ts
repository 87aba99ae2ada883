import { defaultHead } from '../../site/icons/defaultHead.js';
import type { RouterOptions } from '../RouterOptions.js';

/**
 * The head a card draws for a player, as the site shows it: the downloaded skin's head when the
 * site has it (the reference server's skin cache), else the game's default skin for the UUID.
 */
export function playerHead(options: RouterOptions, player: { uuid: string; skin: string | null }): string {
  const heads = typeof options.site === 'object' && options.site.heads ? options.site.heads : null;
  return (player.skin && heads?.(player.skin)) || defaultHead(player.uuid);
}
