import type { TotalsEntry } from '@blockstats/core';
import { FilterBox } from '../components/FilterBox.js';
import { PageHead } from '../components/PageHead.js';
import { PeriodNote } from '../components/PeriodNote.js';
import { PeriodSwitch } from '../components/PeriodSwitch.js';
import { Scroll } from '../components/Scroll.js';
import { StatIcon } from '../components/StatIcon.js';
import { categoryLabel } from '../categoryLabel.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import { pagePeriod, periodLabel, withPeriod, type PeriodMetaData } from '../pagePeriod.js';
import { sitePaths } from '../sitePaths.js';

function Table({ entries, period }: { entries: readonly TotalsEntry[]; period: string | undefined }) {
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
              <td><StatIcon id={entry.id} /> <a href={links.page(sitePaths.stat(entry.id), { period })}>{entry.title}</a></td>
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

/** `/totals`: every statistic summed over the ranked players, with the average per player; `?period=` for a period's gains. */
export const totalsPage: PageDefinition = {
  pattern: '/totals',
  async load({ api, query, t, links, site }) {
    const search = site.staticExport ? undefined : query.get('q')?.trim() || undefined;
    const period = pagePeriod(query, site.staticExport, t);
    const totals = period === undefined
      ? await api.get<TotalsEntry[]>('listTotals', {}, { search, limit: 500 })
      : await api.optional<TotalsEntry[]>('listTotals', {}, { search, limit: 500, period });
    const title = period === undefined ? t('nav.totals') : t('period.totalsTitle', { period: periodLabel(period, t) });
    // Before any history the period's JSON is a 503: no link to it.
    const json = totals === null ? undefined : withPeriod('/v1/totals', period);
    const entries = totals?.data ?? [];
    return {
      title,
      description: t('totals.description'),
      nav: 'totals',
      ...(json ? { json } : {}),
      body: (
        <>
          <PageHead title={title} lead={t('totals.lead')} json={json} />
          <PeriodSwitch current={period} href={(p) => links.page(sitePaths.totals, { period: p, q: search })} />
          {period !== undefined && <PeriodNote period={(totals?.meta.period as PeriodMetaData | undefined) ?? null} noHistory={totals === null} />}
          <FilterBox table="totals-list" label={t('stats.search')} value={search} action={links.page(sitePaths.totals)} keep={{ period }} />
          <div class="panel" id="totals-list">
            {entries.length === 0 ? <p class="empty">{totals === null ? t('period.noHistoryBoard') : t('stats.noMatch')}</p> : <Table entries={entries} period={period} />}
          </div>
        </>
      ),
    };
  },
};
