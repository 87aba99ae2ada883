import type { PeriodCrown } from '@blockstats/core';
import { usePage } from '../PageContext.js';
import { periodLabel } from '../pagePeriod.js';
import { sitePaths } from '../sitePaths.js';
import { Medals } from './Medals.js';
import { PlayerLabel } from './PlayerLabel.js';

/** One crowned period: its name (linking to its hall of fame), its days, its player or tied players. */
function Crown({ crown }: { crown: PeriodCrown }) {
  const { t, format, links, site } = usePage();
  const { name, from, to } = crown.period;
  const label = periodLabel(name, t);
  const days = from === to ? format.day(from) : t('period.range', { from: format.day(from), to: format.day(to) });
  const first = crown.players[0]!;
  return (
    <li data-crown={name}>
      <span class="grow">
        {/* The export has no query: its hall of fame is all time, so the period is not linked there. */}
        <strong>{site.staticExport ? label : <a href={links.page(sitePaths.hallOfFame(), { period: name })}>{label}</a>}</strong>
        {' '}<span class="small muted">{days}</span>
        <span class="sub">
          {crown.players.map((entry, i) => <>{i > 0 && ', '}<PlayerLabel player={entry.player} /></>)}
        </span>
      </span>
      <span class="end"><Medals medals={first.medals} /><span class="sr-only">, </span> <strong title={t('hof.score')}>{t('hof.pointsShort', { count: first.crown_score })}</strong></span>
    </li>
  );
}

/**
 * The player of the week and of the month on the home page (issue 41), from `/v1/crowns`: this
 * and last week, this and last month, each with its crowned player (several on a tie). A period
 * that crowned nobody is left out, and the whole panel when none did or no history is recorded
 * yet (`crowns` null): no empty box.
 */
export function CrownsPanel({ crowns }: { crowns: readonly PeriodCrown[] | null }) {
  const { t } = usePage();
  const crowned = (crowns ?? []).filter((crown) => crown.players.length > 0);
  if (crowned.length === 0) return null;
  return (
    <section class="panel" aria-labelledby="crowns-title" data-crowns>
      <h2 id="crowns-title">{t('crowns.title')}</h2>
      <p class="small muted">{t('crowns.lead')}</p>
      <ul class="list">
        {crowned.map((crown) => <Crown crown={crown} />)}
      </ul>
    </section>
  );
}
