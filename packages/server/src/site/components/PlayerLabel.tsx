import { resolvePlayerIndex, type Edition, type Player } from '@blockstats/core';
import { cleanText } from '@blockstats/svg';
import { usePage, type PageContext } from '../PageContext.js';
import { playerSegment, sitePaths } from '../sitePaths.js';
import { keptMarkup } from '../keptMarkup.js';
import { editionName, EditionTagView } from './EditionTag.js';
import { headImage, HeadView, type HeadImage } from './PlayerHead.js';

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

/** What a player's label shows, all of it: the head, the profile's link (null: none), the name and the edition tag. */
interface LabelParts {
  head: HeadImage;
  href: string | null;
  name: string;
  tag: { edition: Edition; name: string } | null;
}

/** The inside of a player's label, from its parts alone. */
function LabelInside({ head, href, name, tag }: LabelParts) {
  const shown = <bdi>{name}</bdi>;
  return (
    <>
      <HeadView head={head} />
      {href ? <a href={href}>{shown}</a> : <span class="name">{shown}</span>}
      {tag && <EditionTagView edition={tag.edition} name={tag.name} />}
    </>
  );
}

/**
 * The labels' insides rendered once by their parts: a page lists up to 217 players, and after a
 * pull most of them are the ones the last snapshot's pages showed. Bounded: a label is ~250 bytes.
 */
const labelInside = keptMarkup(LabelInside, 4096);

/**
 * Head, name (linked to the profile) and optionally the edition tag. The name is isolated with
 * `<bdi>`, so a right-to-left mark in a name cannot reorder the text around it.
 */
export function PlayerLabel({ player, tag = false, link = true }: { player: Player; tag?: boolean; link?: boolean }) {
  return <span class="player" dangerouslySetInnerHTML={{ __html: playerLabelInside(usePage(), player, tag, link) }} />;
}

/**
 * The markup inside a {@link PlayerLabel}'s `<span class="player">` (head, name, tag), for a page
 * that writes the label's surroundings itself (the stats page's kept rows).
 */
export function playerLabelInside(context: PageContext, player: Player, tag = false, link = true): string {
  return labelInside({
    head: headImage(context, player),
    href: link ? playerHref(context, player) : null,
    name: playerName(player),
    tag: tag ? { edition: player.edition, name: editionName(context.t, player.edition) } : null,
  });
}
