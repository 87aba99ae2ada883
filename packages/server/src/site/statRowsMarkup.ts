import { statLeader, statLeaderIndex, type SnapshotPlayer, type Stat } from '@blockstats/core';
import { playerLabelInside } from './components/PlayerLabel.js';
import { statCell } from './components/StatCell.js';
import { statRow } from './components/StatRow.js';
import type { PageContext } from './PageContext.js';
import type { ResolvedSiteOptions } from './SiteOptions.js';
import { playerSegment, sitePaths } from './sitePaths.js';

/** What one stats page row showed, with everything its markup was made from. */
interface KeptRow {
  title: string;
  description: string | null;
  record: string;
  /** Whether the record was tied. */
  tied: boolean;
  holder: { uuid: string; name: string | null; edition: string; skin: string | null; head: boolean; segment: string } | null;
  markup: string;
}

/** One page variant's rows (a language, a view, a mount path), by stat id, and the snapshot's texture templates they used. */
interface KeptRows {
  templates: unknown;
  rows: Map<string, KeptRow>;
}

/** Per site (its options), per variant: the rows last shown. At {@link MAX_VARIANTS} a site's variants start over. */
const kept = new WeakMap<ResolvedSiteOptions, Map<string, KeptRows>>();
const MAX_VARIANTS = 64;

/** What a page's rows are written with besides their data: the language's words and the links' prefix and query. */
function variantKey(context: PageContext): string {
  return `${context.language.tag} ${context.links.page('/')}`;
}

/** The holder's label inputs as a row keeps them: everything {@link playerLabelInside} reads of the player, the site and the snapshot. */
function holderOf(context: PageContext, player: SnapshotPlayer): NonNullable<KeptRow['holder']> {
  return {
    uuid: player.uuid,
    name: player.name,
    edition: player.edition,
    skin: player.skin,
    head: player.skin !== null && Boolean(context.site.heads?.(player.skin)),
    segment: playerSegment(context.snapshot, player),
  };
}

const sameHolder = (a: KeptRow['holder'], b: KeptRow['holder']): boolean =>
  a === b || (a !== null && b !== null && a.uuid === b.uuid && a.name === b.name && a.edition === b.edition && a.skin === b.skin && a.head === b.head && a.segment === b.segment);

/** A row made anew: its markup from the catalogue entry and the snapshot's leader. */
function madeRow(context: PageContext, stat: Stat, holder: KeptRow['holder'], tied: boolean): KeptRow {
  const { t, links } = context;
  const leader = holder ? statLeader(context.snapshot, stat.id) : null;
  const record = stat.record?.display ?? '–';
  const markup = statRow({
    cell: statCell({ id: stat.id, href: links.page(sitePaths.stat(stat.id)), title: stat.title, description: stat.description }),
    record,
    label: leader?.holder ? playerLabelInside(context, leader.holder) : null,
    tied: leader?.holder && tied ? t('stats.tied') : null,
    noHolder: t('stats.noHolder'),
  });
  return { title: stat.title, description: stat.description, record, tied, holder, markup };
}

/**
 * The markup of the stats page's rows of `stats` (catalogue entries as `listStats` answered them),
 * each with its record holder from the snapshot's table of leaders. A row is made once and kept
 * per site and page variant: on the next pull's first view a row whose stat, record display,
 * tie and holder (the same player, name, skin and profile link) are as they were is the kept
 * markup, so a 1 %-changed pull remakes only the few rows whose record moved to or with a changed
 * player. The same bytes as making every row anew (`statRow`).
 */
export function statRowsMarkup(context: PageContext, stats: readonly Stat[]): string {
  const { snapshot, site } = context;
  let variants = kept.get(site);
  if (!variants) kept.set(site, (variants = new Map()));
  const key = variantKey(context);
  let variant = variants.get(key);
  const templates = site.externalImages ? snapshot.config.texture_templates : null;
  if (!variant || variant.templates !== templates) {
    if (!variant && variants.size >= MAX_VARIANTS) variants.clear();
    variants.set(key, (variant = { templates, rows: new Map() }));
  }
  let markup = '';
  for (const stat of stats) {
    const leader = stat.record ? statLeaderIndex(snapshot, stat.id) : null;
    const player = leader && leader.holder !== -1 ? snapshot.players[leader.holder]! : null;
    const holder = player ? holderOf(context, player) : null;
    const tied = leader?.tied ?? false;
    const record = stat.record?.display ?? '–';
    let row = variant.rows.get(stat.id);
    if (!row || row.title !== stat.title || row.description !== stat.description || row.record !== record || row.tied !== tied || !sameHolder(row.holder, holder)) {
      row = madeRow(context, stat, holder, tied);
      variant.rows.set(stat.id, row);
    }
    markup += row.markup;
  }
  return markup;
}
