import { statLeader, statLeaderIndex, type Stat } from '@blockstats/core';
import { playerLabelInside } from './components/PlayerLabel.js';
import { statCell } from './components/StatCell.js';
import { statRow } from './components/StatRow.js';
import { holderKey, keptRows } from './keptRows.js';
import type { PageContext } from './PageContext.js';
import { sitePaths } from './sitePaths.js';

/** A row made anew: its markup from the catalogue entry and the snapshot's leader. */
function madeRow(context: PageContext, stat: Stat, record: string): string {
  const { t, links } = context;
  const leader = stat.record ? statLeader(context.snapshot, stat.id) : null;
  return statRow({
    cell: statCell({ id: stat.id, href: links.page(sitePaths.stat(stat.id)), title: stat.title, description: stat.description }),
    record,
    label: leader?.holder ? playerLabelInside(context, leader.holder) : null,
    tied: leader?.holder && leader.tied ? t('stats.tied') : null,
    noHolder: t('stats.noHolder'),
  });
}

/**
 * The markup of the stats page's rows of `stats` (catalogue entries as `listStats` answered them),
 * each with its record holder from the snapshot's table of leaders. The rows are kept
 * ({@link keptRows}): a row whose stat, record display, tie and holder (the same player, name,
 * skin, head and profile link) are as they were is the kept markup, so a 1 %-changed pull's
 * first view remakes only the few rows whose record moved to or with a changed player. The
 * holder is read by index (no Player made) unless the row is remade or the site shows external
 * images (their URLs are the Player's). The same bytes as making every row anew.
 */
export function statRowsMarkup(context: PageContext, stats: readonly Stat[]): string {
  const { snapshot, site } = context;
  const rows = keptRows(context, 'stats');
  let markup = '';
  for (const stat of stats) {
    const leader = stat.record ? statLeaderIndex(snapshot, stat.id) : null;
    const holder = leader === null || leader.holder === -1 ? null : site.externalImages ? statLeader(snapshot, stat.id)!.holder! : snapshot.players[leader.holder]!;
    const record = stat.record?.display ?? '–';
    const key = JSON.stringify([stat.title, stat.description, record, leader?.tied ?? false, holder && holderKey(context, holder)]);
    markup += rows.row(stat.id, key, () => madeRow(context, stat, record));
  }
  return markup;
}
