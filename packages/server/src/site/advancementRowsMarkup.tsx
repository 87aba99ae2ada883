import type { Advancement } from '@blockstats/core';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { advancementCell } from './components/AdvancementCell.js';
import { PlayerLabel } from './components/PlayerLabel.js';
import { Time } from './components/Time.js';
import { ValueBar } from './components/ValueBar.js';
import { categoryLabel } from './categoryLabel.js';
import { holderKey, keptRows } from './keptRows.js';
import { PageContextType, usePage, type PageContext } from './PageContext.js';
import { sitePaths } from './sitePaths.js';

/** One advancement's row of the advancements page: its cell, category, holders, rarity and who was first (in a page's context). */
export function AdvancementRow({ a }: { a: Advancement }) {
  const { t, links, format } = usePage();
  return (
    <tr>
      <td dangerouslySetInnerHTML={{ __html: advancementCell({ id: a.id, href: links.page(sitePaths.advancement(a.id)), title: a.title, description: a.description }) }} />
      <td class="opt">{categoryLabel(t, a.category)}</td>
      <td class="num opt" data-v={a.completed_by}>{format.number(a.completed_by)}</td>
      <td class="num" data-v={a.rarity_percent}>{format.percent(a.rarity_percent)}<ValueBar value={a.rarity_percent} max={100} /></td>
      <td class="player-cell opt" data-v={a.first_completed_at ? -Date.parse(a.first_completed_at) : ''}>
        {a.first_by ? <><PlayerLabel player={a.first_by} />{a.first_completed_at && <span class="sub"><Time iso={a.first_completed_at} /></span>}</> : <span class="muted">{t('advancements.nobody')}</span>}
      </td>
    </tr>
  );
}

/**
 * The markup of the advancements page's rows of `advancements` (as `listAdvancements` answered
 * them), kept ({@link keptRows}): a row whose advancement, holders, rarity, first completion and
 * first player (the same name, skin, head and profile link) are as they were is the kept markup,
 * so a 1 %-changed pull's first view remakes only the rows a changed player's advancements moved.
 * The same bytes as rendering every row in the page.
 */
export function advancementRowsMarkup(context: PageContext, advancements: readonly Advancement[]): string {
  const rows = keptRows(context, 'advancements');
  let markup = '';
  for (const a of advancements) {
    const key = JSON.stringify([a.title, a.description, a.category, a.completed_by, a.rarity_percent, a.first_completed_at, a.first_by && holderKey(context, a.first_by)]);
    markup += rows.row(a.id, key, () => renderToString(h(PageContextType.Provider, { value: context }, h(AdvancementRow, { a }))));
  }
  return markup;
}
