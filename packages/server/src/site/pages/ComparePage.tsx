import { didYouMean, findPlayer, type Comparison, type ComparisonStat, type Player } from '@blockstats/core';
import { ServerField } from '../components/ServerField.js';
import { LanguageField } from '../components/LanguageField.js';
import { StatIcon } from '../components/StatIcon.js';
import { ApiError } from '../../http/ApiError.js';
import { PageHead } from '../components/PageHead.js';
import { PlayerLabel, playerName } from '../components/PlayerLabel.js';
import { Scroll } from '../components/Scroll.js';
import { TableFilter } from '../components/TableFilter.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import { isNeutralStat, pageTally } from '../neutralStats.js';
import { playerSegment, sitePaths } from '../sitePaths.js';

/** What went wrong with the form's input, shown above it. */
interface FormProblem {
  message: string;
  suggestions: string[];
}

function CompareForm({ a, b, problem }: { a: string; b: string; problem: FormProblem | null }) {
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

function Result({ comparison }: { comparison: Comparison }) {
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
                  <td><StatIcon id={stat.id} /> <a href={links.page(sitePaths.stat(stat.id))}>{stat.title}</a></td>
                  <Cell stat={stat} player={first} />
                  <Cell stat={stat} player={second} />
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      </div>
      <p class="small section"><a href={links.api(`/v1/compare?players=${encodeURIComponent(playerSegment(snapshot, first))},${encodeURIComponent(playerSegment(snapshot, second))}`)}>{t('compare.json')}</a></p>
    </section>
  );
}

/** `/compare?a=…&b=…`: two players stat by stat, with the tally; a form first. */
export const comparePage: PageDefinition = {
  pattern: '/compare',
  serverOnly: true,
  async load({ api, query, t, snapshot }) {
    const a = query.get('a')?.trim() ?? '';
    const b = query.get('b')?.trim() ?? '';
    let problem: FormProblem | null = null;
    let status = 200;
    let comparison: Comparison | null = null;
    if (a || b) {
      const unknown = [a, b].find((name) => name !== '' && !findPlayer(snapshot, name));
      if (!a || !b) {
        problem = { message: t('compare.needTwo'), suggestions: [] };
        status = 400;
      } else if (unknown !== undefined) {
        problem = { message: t('compare.unknown', { name: unknown }), suggestions: didYouMean(snapshot, 'player', unknown) };
        status = 404;
      } else if (findPlayer(snapshot, a)!.uuid === findPlayer(snapshot, b)!.uuid) {
        problem = { message: t('compare.same'), suggestions: [] };
        status = 400;
      } else {
        try {
          comparison = (await api.get<Comparison>('comparePlayers', {}, { players: `${a},${b}` })).data;
        } catch (error) {
          if (!(error instanceof ApiError) || error.status >= 500) throw error;
          // The API's wording is for developers: the page asks again in the player's words.
          problem = { message: t('compare.needTwo'), suggestions: [] };
          status = error.status;
        }
      }
    }
    const title = comparison ? t('compare.titleOf', { a: playerName(comparison.players[0]), b: playerName(comparison.players[1]) }) : t('nav.compare');
    return {
      title,
      description: t('compare.description'),
      nav: 'compare',
      status,
      body: (
        <>
          <PageHead title={title} lead={t('compare.lead')} />
          <CompareForm a={a} b={b} problem={problem} />
          {comparison && <Result comparison={comparison} />}
        </>
      ),
    };
  },
};
