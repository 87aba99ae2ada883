import type { Comparison, ComparisonStat, Player } from '@blockstats/core';
import { ServerField } from '../components/ServerField.js';
import { LanguageField } from '../components/LanguageField.js';
import { StatIcon } from '../components/StatIcon.js';
import { PageHead } from '../components/PageHead.js';
import { PeriodNote } from '../components/PeriodNote.js';
import { PeriodSwitch } from '../components/PeriodSwitch.js';
import { PlayerLabel, playerName } from '../components/PlayerLabel.js';
import { Scroll } from '../components/Scroll.js';
import { TableFilter } from '../components/TableFilter.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import type { Translate } from '../translator.js';
import { isNeutralStat, pageTally } from '../neutralStats.js';
import { pagePeriod, periodLabel, withPeriod } from '../pagePeriod.js';
import { playerSegment, sitePaths } from '../sitePaths.js';
import { compareData, type FormProblem } from './compareData.js';

function CompareForm({ a, b, problem, period }: { a: string; b: string; problem: FormProblem | null; period: string | undefined }) {
  const { t, links } = usePage();
  return (
    <>
      {problem && (
        <div class="notice" role="alert">
          <p>{problem.message}</p>
          {problem.suggestions.length > 0 && (
            <p>{t('notFound.didYouMean')}{' '}
              {problem.suggestions.map((name, i) => <>{i > 0 && ', '}<bdi>{name}</bdi></>)}
            </p>
          )}
        </div>
      )}
      <form class="tools panel" method="get" action={links.page(sitePaths.compare)}>
        <label>{t('compare.first')}<input type="text" name="a" value={a} required autocomplete="off" spellcheck={false} /></label>
        <label>{t('compare.second')}<input type="text" name="b" value={b} required autocomplete="off" spellcheck={false} /></label>
        <ServerField />
        <LanguageField />
        {period !== undefined && <input type="hidden" name="period" value={period} />}
        <button class="btn btn--primary" type="submit">{t('compare.submit')}</button>
      </form>
    </>
  );
}

function Cell({ stat, player }: { stat: ComparisonStat; player: Player }) {
  const { t } = usePage();
  const value = stat.players[player.uuid];
  // More deaths or damage taken wins nothing on the page (the API's winner is the larger value).
  const wins = stat.winner === player.uuid && !isNeutralStat(stat);
  return (
    <td class={wins ? 'num win' : 'num'} data-v={value?.value ?? 0}>
      {value?.display ?? '–'}
      {wins && <span class="sr-only"> ({t('compare.wins')})</span>}
    </td>
  );
}

function Result({ comparison, period }: { comparison: Comparison; period: string | undefined }) {
  const { t, links, snapshot } = usePage();
  const [first, second] = comparison.players;
  const tally = pageTally(comparison);
  const score = (p: Player) => tally.wins[p.uuid] ?? 0;
  return (
    <section class="section" aria-labelledby="result">
      <h2 id="result" class="sr-only">{t('compare.result')}</h2>
      <div class="vs panel">
        <PlayerLabel player={first} tag />
        <span class="score">{score(first)} – {score(second)}</span>
        <PlayerLabel player={second} tag />
      </div>
      <p class="muted">
        {tally.winner ? t('compare.winner', { name: playerName(tally.winner === first.uuid ? first : second) }) : t('compare.level')}
        {' '}{t('compare.ties', { count: tally.ties })}
        {' '}{t('compare.neutral', { count: tally.neutral })}
        {period !== undefined && <>{' '}{t('crowns.compareGains')}</>}
      </p>
      <div class="panel">
        <TableFilter table="compare-table" label={t('stats.search')} />
        <Scroll label={t('compare.result')}>
          <table class="data" id="compare-table" data-sortable>
            <thead>
              <tr>
                <th scope="col" class="w" data-type="text">{t('stats.stat')}</th>
                <th scope="col" class="num" data-type="number"><bdi>{playerName(first)}</bdi></th>
                <th scope="col" class="num" data-type="number"><bdi>{playerName(second)}</bdi></th>
              </tr>
            </thead>
            <tbody>
              {comparison.stats.map((stat) => (
                <tr>
                  <td><StatIcon id={stat.id} /> <a href={links.page(sitePaths.stat(stat.id), { period })}>{stat.title}</a></td>
                  <Cell stat={stat} player={first} />
                  <Cell stat={stat} player={second} />
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      </div>
      <p class="small section"><a href={links.api(withPeriod(`/v1/compare?players=${encodeURIComponent(playerSegment(snapshot, first))},${encodeURIComponent(playerSegment(snapshot, second))}`, period))}>{t('compare.json')}</a></p>
    </section>
  );
}

/** The page's title: the form, or the two players compared, over a period. */
function compareTitle(t: Translate, comparison: Comparison | null, period: string | undefined): string {
  if (!comparison) return t('nav.compare');
  const names = { a: playerName(comparison.players[0]), b: playerName(comparison.players[1]) };
  return period === undefined ? t('compare.titleOf', names) : t('crowns.compareTitle', { ...names, period: periodLabel(period, t) });
}

/** `/compare?a=…&b=…`: two players stat by stat, with the tally; a form first; `&period=` for a period's gains. */
export const comparePage: PageDefinition = {
  pattern: '/compare',
  serverOnly: true,
  async load({ api, query, t, snapshot, links, site }) {
    const a = query.get('a')?.trim() ?? '';
    const b = query.get('b')?.trim() ?? '';
    const period = pagePeriod(query, site.staticExport, t);
    const { comparison, problem, status, ...answer } = await compareData(api, snapshot, t, a, b, period);
    const title = compareTitle(t, comparison, period);
    const empty = comparison !== null && comparison.stats.length === 0;
    return {
      title,
      description: t('compare.description'),
      nav: 'compare',
      status,
      body: (
        <>
          <PageHead title={title} lead={t('compare.lead')} />
          <PeriodSwitch current={period} href={(p) => links.page(sitePaths.compare, { a: a || undefined, b: b || undefined, period: p })} />
          {period !== undefined && (comparison || answer.noHistory) && <PeriodNote period={answer.period} noHistory={answer.noHistory} />}
          <CompareForm a={a} b={b} problem={problem} period={period} />
          {answer.noHistory && <p class="empty panel">{t('period.noHistoryBoard')}</p>}
          {empty && <p class="empty panel">{t('crowns.compareEmpty')}</p>}
          {comparison && !empty && <Result comparison={comparison} period={period} />}
        </>
      ),
    };
  },
};
