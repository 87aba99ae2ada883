import type { LeaderboardEntry, StatSummary, TotalsEntry } from '@blockstats/core';
import { StatIcon } from '../components/StatIcon.js';
import { statDescription } from '../statDescription.js';
import { PageHead } from '../components/PageHead.js';
import { Pager } from '../components/Pager.js';
import { PlayerLabel } from '../components/PlayerLabel.js';
import { Rank } from '../components/Rank.js';
import { Scroll } from '../components/Scroll.js';
import { ValueBar } from '../components/ValueBar.js';
import { categoryLabel } from '../categoryLabel.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import { sitePaths } from '../sitePaths.js';
import { pageNumber, requireInRange } from './pageNumber.js';

/** Entries per page of a leaderboard. */
export const LEADERBOARD_PAGE_SIZE = 100;

function Board({ entries, top, stat }: { entries: readonly LeaderboardEntry[]; top: number; stat: StatSummary }) {
  const { t } = usePage();
  return (
    <Scroll label={t('board.table', { stat: stat.title })}>
      <table class="data">
        <thead>
          <tr><th scope="col">{t('board.rank')}</th><th scope="col" class="w">{t('board.player')}</th><th scope="col" class="num">{stat.title}</th></tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr data-player={entry.player.uuid}>
              <td><Rank rank={entry.rank} /></td>
              <td class="player-cell"><PlayerLabel player={entry.player} tag /></td>
              <td class="num">{entry.display}<ValueBar value={entry.value} max={top} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** `/stats/{stat}` and `/stats/{stat}/page/{n}`: a leaderboard, ties sharing a rank. */
export const leaderboardPage: PageDefinition = {
  pattern: '/stats/:stat',
  notFound: { kind: 'stat', param: 'stat' },
  async load({ api, params, t, links, png }) {
    const page = pageNumber(params.page);
    const statId = params.stat!;
    const offset = (page - 1) * LEADERBOARD_PAGE_SIZE;
    const board = await api.get<LeaderboardEntry[]>('getLeaderboard', { stat_id: statId }, { limit: LEADERBOARD_PAGE_SIZE, offset });
    const total = board.total ?? 0;
    requireInRange(page, total, LEADERBOARD_PAGE_SIZE);
    const stat = board.meta.stat as StatSummary;
    const [first, totals] = await Promise.all([
      offset === 0 ? Promise.resolve(board) : api.get<LeaderboardEntry[]>('getLeaderboard', { stat_id: statId }, { limit: 1 }),
      api.get<TotalsEntry[]>('listTotals', {}, { search: stat.id, limit: 500 }),
    ]);
    const sum = totals.data.find((entry) => entry.id === stat.id);
    const title = page > 1 ? t('board.titlePage', { stat: stat.title, page }) : stat.title;
    return {
      title,
      description: t('board.description', { stat: stat.title, count: total }),
      nav: 'stats',
      json: `/v1/stats/${encodeURIComponent(stat.id)}`,
      image: png ? links.absolute(`/v1/card/stat/${encodeURIComponent(stat.id)}.png`) : null,
      body: (
        <>
          <PageHead
            title={<span class="adv"><StatIcon id={stat.id} class="ic--lg" />{title}</span>}
            lead={stat.description ? statDescription(stat.description) : undefined}
            crumbs={[{ href: links.page(sitePaths.stats), label: t('stats.title') }, { href: links.page(sitePaths.stats, undefined, `cat-${stat.category}`), label: categoryLabel(t, stat.category) }]}
            json={`/v1/stats/${encodeURIComponent(stat.id)}`}
          />
          {sum && (
            <dl class="tiles">
              <div class="tile"><dt>{t('board.players')}</dt><dd>{t('board.playersValue', { count: total })}</dd></div>
              <div class="tile"><dt>{t('totals.total')}</dt><dd>{sum.total.display}</dd></div>
              <div class="tile"><dt>{t('totals.average')}</dt><dd>{sum.average.display}</dd></div>
            </dl>
          )}
          <section class="section" aria-label={t('board.table', { stat: stat.title })}>
            <div class="panel">
              {total === 0 ? <p class="empty">{t('board.empty')}</p> : <Board entries={board.data} top={first.data[0]?.value ?? 0} stat={stat} />}
              <Pager page={page} size={LEADERBOARD_PAGE_SIZE} total={total} href={(n) => links.page(sitePaths.stat(stat.id, n))} />
            </div>
          </section>
        </>
      ),
    };
  },
};

/** The later pages of a leaderboard. */
export const leaderboardPagedPage: PageDefinition = { ...leaderboardPage, pattern: '/stats/:stat/page/:page' };
