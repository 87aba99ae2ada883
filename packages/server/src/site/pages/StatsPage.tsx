import { statLeader, type Stat, type StatLeader } from '@blockstats/core';
import { statCell } from '../components/StatCell.js';
import { FilterBox } from '../components/FilterBox.js';
import { PlayerLabel } from '../components/PlayerLabel.js';
import { Scroll } from '../components/Scroll.js';
import { PageHead } from '../components/PageHead.js';
import { categoryLabel } from '../categoryLabel.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import { sitePaths } from '../sitePaths.js';

/** A stat with the top of its leaderboard (the holder, and whether the record is shared); null without a record. */
interface StatRow {
  stat: Stat;
  leader: StatLeader | null;
}

function Holder({ row }: { row: StatRow }) {
  const { t } = usePage();
  const holder = row.leader?.holder;
  if (!holder) return <span class="muted">{t('stats.noHolder')}</span>;
  return (
    <>
      <PlayerLabel player={holder} />
      {row.leader!.tied && <span class="sub">{t('stats.tied')}</span>}
    </>
  );
}

function CategoryTable({ category, rows }: { category: string; rows: readonly StatRow[] }) {
  const { t, links } = usePage();
  const id = `cat-${category}`;
  const label = categoryLabel(t, category);
  return (
    <section class="section" data-group aria-labelledby={id}>
      <h2 id={id}>{label} <small>{t('stats.count', { count: rows.length })}</small></h2>
      <div class="panel">
        <Scroll label={label}>
          <table class="data">
            <thead>
              <tr><th scope="col" class="w">{t('stats.stat')}</th><th scope="col" class="num">{t('stats.record')}</th><th scope="col">{t('stats.holder')}</th></tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr>
                  <td dangerouslySetInnerHTML={{ __html: statCell({ id: row.stat.id, href: links.page(sitePaths.stat(row.stat.id)), title: row.stat.title, description: row.stat.description }) }} />
                  <td class="num">{row.stat.record?.display ?? '–'}</td>
                  <td class="player-cell"><Holder row={row} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      </div>
    </section>
  );
}

/** `/stats`: the 217 statistics by category with their record and record holder; searchable. */
export const statsPage: PageDefinition = {
  pattern: '/stats',
  async load({ api, query, t, links, snapshot }) {
    const search = query.get('q')?.trim() || undefined;
    const stats = await api.get<Stat[]>('listStats', {}, { search, limit: 500 });
    // Each record's holder from the snapshot's table of leaders (its boards' first two places,
    // prepared after a pull), not from 217 leaderboard answers of two entries each.
    const rows: StatRow[] = stats.data.map((stat) => ({ stat, leader: stat.record ? statLeader(snapshot, stat.id) : null }));
    const categories = new Map<string, StatRow[]>();
    for (const row of rows) {
      const list = categories.get(row.stat.category);
      if (list) list.push(row);
      else categories.set(row.stat.category, [row]);
    }
    return {
      title: t('stats.title'),
      description: t('stats.description', { count: rows.length }),
      nav: 'stats',
      json: '/v1/stats',
      body: (
        <>
          <PageHead title={t('stats.title')} lead={t('stats.lead', { count: rows.length })} json="/v1/stats" />
          <FilterBox table="stat-list" label={t('stats.search')} value={search} action={links.page(sitePaths.stats)} />
          <div id="stat-list">
            {rows.length === 0 && <p class="empty">{t('stats.noMatch')}</p>}
            {[...categories].map(([category, list]) => <CategoryTable category={category} rows={list} />)}
          </div>
        </>
      ),
    };
  },
};
