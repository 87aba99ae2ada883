import type { Stat } from '@blockstats/core';
import { FilterBox } from '../components/FilterBox.js';
import { Scroll } from '../components/Scroll.js';
import { PageHead } from '../components/PageHead.js';
import { categoryLabel } from '../categoryLabel.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import { sitePaths } from '../sitePaths.js';
import { statRowsMarkup } from '../statRowsMarkup.js';

function CategoryTable({ category, rows }: { category: string; rows: readonly Stat[] }) {
  const context = usePage();
  const { t } = context;
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
            <tbody dangerouslySetInnerHTML={{ __html: statRowsMarkup(context, rows) }} />
          </table>
        </Scroll>
      </div>
    </section>
  );
}

/** `/stats`: the 217 statistics by category with their record and record holder; searchable. */
export const statsPage: PageDefinition = {
  pattern: '/stats',
  async load({ api, query, t, links }) {
    const search = query.get('q')?.trim() || undefined;
    const stats = await api.get<Stat[]>('listStats', {}, { search, limit: 500 });
    // Each record's holder comes from the snapshot's table of leaders (its boards' first two
    // places, prepared after a pull), not from 217 leaderboard answers of two entries each; the
    // rows are kept from the last view of the page and remade where their record moved.
    const rows = stats.data;
    const categories = new Map<string, Stat[]>();
    for (const row of rows) {
      const list = categories.get(row.category);
      if (list) list.push(row);
      else categories.set(row.category, [row]);
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
