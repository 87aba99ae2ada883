import type { Player } from '@blockstats/core';
import { defaultSkin } from '../icons/defaultSkin.js';
import { usePage, type PageContext } from '../PageContext.js';
import { sitePaths } from '../sitePaths.js';
import { Icon } from './Icon.js';

/** What a player's head is drawn from: an image's URL (a third-party host's when `external`), or an icon of the sprite. */
export type HeadImage = { class: string; size: number; src: string; external: boolean } | { class: string; icon: string };

/**
 * A player's head, always from the site's own host: the head of the player's skin when the
 * server has downloaded it (`site.heads`, skin lookups on), drawn by blockstats; otherwise the
 * game's default skin for the player's UUID (as 1.19.3+ chooses it: offline mode, Bedrock
 * players and lookups off look as they do in game), from the icon sprite. With
 * `site.externalImages` on, the configured texture URL of the head instead (a third-party host).
 */
export function headImage({ site, links }: Pick<PageContext, 'site' | 'links'>, player: Pick<Player, 'uuid' | 'edition' | 'textures' | 'skin'>, large = false): HeadImage {
  const className = `head head--${player.edition}${large ? ' head--lg' : ''}`;
  const size = large ? 96 : 24;
  if (site.externalImages && player.textures.head) return { class: className, size, src: player.textures.head, external: true };
  if (player.skin && site.heads?.(player.skin)) return { class: className, size, src: links.file(sitePaths.head(player.skin)), external: false };
  return { class: className, icon: `head_${defaultSkin(player.uuid).name}` };
}

/** A head as {@link headImage} chose it: no page context (a kept player label renders it). */
export function HeadView({ head }: { head: HeadImage }) {
  if ('icon' in head) return <Icon name={head.icon} class={head.class} />;
  if (head.external) {
    return <img class={head.class} src={head.src} alt="" width={head.size} height={head.size} loading="lazy" decoding="async" referrerpolicy="no-referrer" />;
  }
  return <img class={head.class} src={head.src} alt="" width={head.size} height={head.size} decoding="async" />;
}

/** A player's head ({@link headImage}). */
export function PlayerHead({ player, large = false }: { player: Pick<Player, 'uuid' | 'edition' | 'textures' | 'skin'>; large?: boolean }) {
  return <HeadView head={headImage(usePage(), player, large)} />;
}
