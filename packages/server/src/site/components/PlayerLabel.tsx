import { resolvePlayerIndex, type Player } from '@blockstats/core';
import { cleanText } from '@blockstats/svg';
import { usePage, type PageContext } from '../PageContext.js';
import { playerSegment, sitePaths } from '../sitePaths.js';
import { EditionTag } from './EditionTag.js';
import { PlayerHead } from './PlayerHead.js';

/** The link to a player's profile page, or null for a player the snapshot does not hold. */
export function playerHref(context: PageContext, player: Pick<Player, 'uuid' | 'name'>): string | null {
  if (resolvePlayerIndex(context.snapshot, player.uuid) === -1) return null;
  return context.links.page(sitePaths.player(playerSegment(context.snapshot, player)));
}

/** Longest name the pages show, in characters (offline-mode servers allow any length). */
const MAX_NAME_LENGTH = 48;

/**
 * A player's name as the pages show it: the name cleaned and capped (`cleanText`: no controls,
 * no bidi overrides), or a short UUID for a nameless player or one whose name cleans to nothing.
 */
export function playerName(player: Pick<Player, 'uuid' | 'name'>): string {
  return cleanText(player.name ?? '', MAX_NAME_LENGTH) || `${player.uuid.slice(0, 8)}…`;
}

/**
 * Head, name (linked to the profile) and optionally the edition tag. The name is isolated with
 * `<bdi>`, so a right-to-left mark in a name cannot reorder the text around it.
 */
export function PlayerLabel({ player, tag = false, link = true }: { player: Player; tag?: boolean; link?: boolean }) {
  const context = usePage();
  const href = link ? playerHref(context, player) : null;
  const name = <bdi>{playerName(player)}</bdi>;
  return (
    <span class="player">
      <PlayerHead player={player} />
      {href ? <a href={href}>{name}</a> : <span class="name">{name}</span>}
      {tag && <EditionTag edition={player.edition} />}
    </span>
  );
}
