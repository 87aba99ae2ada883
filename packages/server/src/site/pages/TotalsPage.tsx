import type { TotalsEntry } from '@blockstats/core';
import { FilterBox } from '../components/FilterBox.js';
import { PageHead } from '../components/PageHead.js';
import { Scroll } from '../components/Scroll.js';
import { categoryLabel } from '../categoryLabel.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import { sitePaths } from '../sitePaths.js';

function Table({ entries }: { entries: readonly TotalsEntry[] }) {
  const { t, links, format } = usePage();
  return (
    <Scroll label={t('nav.totals')}>
      <table class="data" data-sortable>
        <thead>
          <tr>
            <th scope="col" class="w" data-type="text">{t('stats.stat')}</th>
            <th scope="col" class="opt" data-type="text">{t('totals.category')}</th>
            <th scope="col" class="num" data-type="number">{t('totals.total')}</th>
            <th scope="col" class="num" data-type="number">{t('totals.average')}</th>
            <th scope="col" class="num opt" data-type="number">{t('board.players')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr>
              <td><a href={links.page(sitePaths.stat(entry.id))}>{entry.title}</a></td>
              <td class="opt">{categoryLabel(t, entry.category)}</td>
              <td class="num" data-v={entry.total.value}>{entry.total.display}</td>
              <td class="num" data-v={entry.average.value}>{entry.average.display}</td>
              <td class="num opt" data-v={entry.players}>{format.number(entry.players)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** `/totals`: every statistic summed over the ranked players, with the average per player. */
export const totalsPage: PageDefinition = {
  pattern: '/totals',
  async load({ api, query, t, links, site }) {
    const search = site.staticExport ? undefined : query.get('q')?.trim() || undefined;
    const totals = await api.get<TotalsEntry[]>('listTotals', {}, { search, limit: 500 });
    return {
      title: t('nav.totals'),
      description: t('totals.description'),
      nav: 'totals',
      json: '/v1/totals',
      body: (
        <>
          <PageHead title={t('nav.totals')} lead={t('totals.lead')} json="/v1/totals" />
          <FilterBox table="totals-list" label={t('stats.search')} value={search} action={links.page(sitePaths.totals)} />
          <div class="panel" id="totals-list">
            {totals.data.length === 0 ? <p class="empty">{t('stats.noMatch')}</p> : <Table entries={totals.data} />}
          </div>
        </>
      ),
    };
  },
};
