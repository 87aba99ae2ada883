import type { Player } from '@blockstats/core';
import type { PageContext } from './PageContext.js';
import type { ResolvedSiteOptions } from './SiteOptions.js';
import { playerSegment } from './sitePaths.js';

/** A row as a page last made it: what it was made from (as a key) and its markup. */
interface KeptRow {
  key: string;
  markup: string;
}

/** Per site (its options), per page variant: the rows last made, by row id. */
const kept = new WeakMap<ResolvedSiteOptions, Map<string, Map<string, KeptRow>>>();

/** Variants a site keeps rows for; at this many it starts over (bounded memory: ~100 KB a variant). */
const MAX_VARIANTS = 64;

/**
 * The rows of a long table (the stats page's 217 stats, the advancements page's), kept across
 * pulls per site and page variant: a row is made again only when what it shows changed, so the
 * first view after a 1 %-changed pull, where most rows show what they showed, makes a few. A
 * variant is what the rows are written with besides their data: the language (words, number
 * and date formats), the links (mount path, view, `lang`) and the time zone of the dates.
 *
 * @example
 * const rows = keptRows(context, 'stats');
 * const markup = rows.row(stat.id, JSON.stringify([stat.title, record, holderKey(context, holder)]), () => makeRow(stat));
 */
export function keptRows(context: PageContext, page: string): { row(id: string, key: string, make: () => string): string } {
  let variants = kept.get(context.site);
  if (!variants) kept.set(context.site, (variants = new Map()));
  const variant = `${page} ${context.language.tag} ${context.format.timeZone} ${context.links.page('/')}`;
  let rows = variants.get(variant);
  if (!rows) {
    if (variants.size >= MAX_VARIANTS) variants.clear();
    variants.set(variant, (rows = new Map()));
  }
  const table = rows;
  return {
    row(id, key, make) {
      let row = table.get(id);
      if (row === undefined || row.key !== key) table.set(id, (row = { key, markup: make() }));
      return row.markup;
    },
  };
}

/**
 * What a player's label ({@link playerLabelInside}) is made from, as a key part: the uuid,
 * edition, name, skin, the head shown (the texture URL with external images, else whether the
 * skin's head is drawn by blockstats) and the profile link's segment in the page's snapshot.
 * `player` is a snapshot's player, or a Player (needed with external images: its textures).
 */
export function holderKey(context: PageContext, player: Pick<Player, 'uuid' | 'name' | 'edition' | 'skin'> & { textures?: Player['textures'] }): readonly unknown[] {
  const { site } = context;
  const external = site.externalImages ? (player.textures?.head ?? null) : null;
  const drawn = player.skin ? Boolean(site.heads?.(player.skin)) : false;
  return [player.uuid, player.edition, player.name, player.skin, external, drawn, playerSegment(context.snapshot, player)];
}
