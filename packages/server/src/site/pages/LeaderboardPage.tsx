import type { StatSummary } from '@blockstats/core';
import { StatIcon } from '../components/StatIcon.js';
import { statDescription } from '../statDescription.js';
import { PageHead } from '../components/PageHead.js';
import { Pager } from '../components/Pager.js';
import { PeriodNote } from '../components/PeriodNote.js';
import { PeriodSwitch } from '../components/PeriodSwitch.js';
import { PerSwitch } from '../components/PerSwitch.js';
import { PlayerLabel } from '../components/PlayerLabel.js';
import { Rank } from '../components/Rank.js';
import { RankChange } from '../components/RankChange.js';
import { Scroll } from '../components/Scroll.js';
import { ValueBar } from '../components/ValueBar.js';
import { categoryLabel } from '../categoryLabel.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import { pagePeriod, periodLabel, withPeriod } from '../pagePeriod.js';
import { pagePer, withPer } from '../pagePer.js';
import { sitePaths } from '../sitePaths.js';
import { leaderboardData, type BoardData, type BoardEntry } from './leaderboardData.js';
import { pageNumber, requireInRange } from './pageNumber.js';
import { cardImage } from '../cardImage.js';

/** Entries per page of a leaderboard. */
export const LEADERBOARD_PAGE_SIZE = 100;

function Board({ entries, top, stat, moves }: { entries: readonly BoardEntry[]; top: number; stat: StatSummary; moves: boolean }) {
  const { t } = usePage();
  return (
    <Scroll label={t('board.table', { stat: stat.title })}>
      <table class="data">
        <thead>
          <tr>
            <th scope="col">{t('board.rank')}</th>
            <th scope="col" class="w">{t('board.player')}</th>
            <th scope="col" class="num">{stat.title}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr data-player={entry.player.uuid}>
              <td><Rank rank={entry.rank} />{moves && <RankChange change={entry.rank_change ?? null} />}</td>
              <td class="player-cell"><PlayerLabel player={entry.player} tag /></td>
              <td class="num">{entry.display}<ValueBar value={entry.value} max={top} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** Why a board has no rows: no history yet, nobody gained in the period, or nobody ranked. */
function Empty({ board, period }: { board: BoardData; period: string | undefined }) {
  const { t } = usePage();
  if (board.noHistory) return <p class="empty">{t('period.noHistoryBoard')}</p>;
  return <p class="empty">{period === undefined ? t('board.empty') : t('period.emptyBoard')}</p>;
}

/** `/stats/{stat}` and `/stats/{stat}/page/{n}`: a leaderboard, ties sharing a rank; `?period=` for a period's gains, `&per=hour` per hour played. */
export const leaderboardPage: PageDefinition = {
  pattern: '/stats/:stat',
  notFound: { kind: 'stat', param: 'stat' },
  async load(context) {
    const { api, params, query, t, links, site } = context;
    const page = pageNumber(params.page);
    const period = pagePeriod(query, site.staticExport, t);
    const per = pagePer(query, period, site.staticExport, t);
    const board = await leaderboardData(api, params.stat!, period, per, LEADERBOARD_PAGE_SIZE, (page - 1) * LEADERBOARD_PAGE_SIZE);
    const { stat, total, sum } = board;
    requireInRange(page, total, LEADERBOARD_PAGE_SIZE);
    // Per hour played is named after the period: "Jumps · This month · Per hour played".
    const when = period === undefined ? '' : per === undefined ? periodLabel(period, t) : t('period.boardTitle', { stat: periodLabel(period, t), period: t('perHour.perHour') });
    const named = period === undefined ? stat.title : t('period.boardTitle', { stat: stat.title, period: when });
    const title = page > 1 ? t('board.titlePage', { stat: named, page }) : named;
    // Before any history the period's JSON is a 503: no link to it.
    const json = board.noHistory ? undefined : withPer(withPeriod(`/v1/stats/${encodeURIComponent(stat.id)}`, period), per);
    return {
      title,
      description: period === undefined ? t('board.description', { stat: stat.title, count: total }) : t('period.description', { stat: named, count: total }),
      nav: 'stats',
      ...(json ? { json } : {}),
      // The link preview: the board's card, of the same period (none before any history).
      image: board.noHistory ? null : cardImage(context, withPeriod(`/v1/card/stat/${encodeURIComponent(stat.id)}.png`, period)),
      body: (
        <>
          <PageHead
            title={<span class="adv"><StatIcon id={stat.id} class="ic--lg" />{title}</span>}
            lead={stat.description ? statDescription(stat.description) : undefined}
            crumbs={[{ href: links.page(sitePaths.stats), label: t('stats.title') }, { href: links.page(sitePaths.stats, undefined, `cat-${stat.category}`), label: categoryLabel(t, stat.category) }]}
            json={json}
          />
          <PeriodSwitch current={period} href={(p) => links.page(sitePaths.stat(stat.id), { period: p, per: p === undefined ? undefined : per })} />
          {period !== undefined && <PerSwitch current={per} href={(p) => links.page(sitePaths.stat(stat.id), { period, per: p })} />}
          {period !== undefined && <PeriodNote period={board.period} noHistory={board.noHistory} />}
          {sum && (
            <dl class="tiles">
              <div class="tile"><dt>{t('board.players')}</dt><dd>{t('board.playersValue', { count: total })}</dd></div>
              <div class="tile"><dt>{t('totals.total')}</dt><dd>{sum.total.display}</dd></div>
              <div class="tile"><dt>{t('totals.average')}</dt><dd>{sum.average.display}</dd></div>
            </dl>
          )}
          <section class="section" aria-label={t('board.table', { stat: stat.title })}>
            <div class="panel">
              {total === 0 ? <Empty board={board} period={period} /> : <Board entries={board.entries} top={board.top} stat={stat} moves={period !== undefined} />}
              <Pager page={page} size={LEADERBOARD_PAGE_SIZE} total={total} href={(n) => links.page(sitePaths.stat(stat.id, n), { period, per })} />
            </div>
          </section>
        </>
      ),
    };
  },
};

/** The later pages of a leaderboard. */
export const leaderboardPagedPage: PageDefinition = { ...leaderboardPage, pattern: '/stats/:stat/page/:page' };
