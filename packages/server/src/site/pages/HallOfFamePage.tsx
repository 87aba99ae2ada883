import type { CrownWeights, HallOfFameEntry } from '@blockstats/core';
import { PageHead } from '../components/PageHead.js';
import { Pager } from '../components/Pager.js';
import { PeriodNote } from '../components/PeriodNote.js';
import { PeriodSwitch } from '../components/PeriodSwitch.js';
import { PlayerLabel } from '../components/PlayerLabel.js';
import { Rank } from '../components/Rank.js';
import { Scroll } from '../components/Scroll.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import { pagePeriod, periodLabel, withPeriod, type PeriodMetaData } from '../pagePeriod.js';
import type { SiteApi } from '../siteApi.js';
import type { Translate } from '../translator.js';
import { sitePaths } from '../sitePaths.js';
import { pageNumber, requireInRange } from './pageNumber.js';
import { cardImage } from '../cardImage.js';

/** Entries per page of the hall of fame. */
const PAGE_SIZE = 100;

function Table({ entries }: { entries: readonly HallOfFameEntry[] }) {
  const { t, format } = usePage();
  return (
    <Scroll label={t('nav.hallOfFame')}>
      <table class="data">
        <thead>
          <tr>
            <th scope="col">{t('board.rank')}</th>
            <th scope="col" class="w">{t('board.player')}</th>
            <th scope="col" class="num">{t('hof.score')}</th>
            <th scope="col" class="num opt">{t('medal.gold')}</th>
            <th scope="col" class="num opt">{t('medal.silver')}</th>
            <th scope="col" class="num opt">{t('medal.bronze')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr data-player={entry.player.uuid}>
              <td><Rank rank={entry.rank} /></td>
              <td class="player-cell"><PlayerLabel player={entry.player} tag /></td>
              <td class="num"><strong>{format.number(entry.crown_score)}</strong></td>
              <td class="num opt">{format.number(entry.medals.gold)}</td>
              <td class="num opt">{format.number(entry.medals.silver)}</td>
              <td class="num opt">{format.number(entry.medals.bronze)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** A page of the hall of fame, all time or over a period, as `/v1/hall-of-fame` answers it. */
interface FameData {
  entries: readonly HallOfFameEntry[];
  total: number;
  weights: CrownWeights;
  /** `meta.period` of a period's hall of fame; null for all time. */
  period: PeriodMetaData | null;
  /** A period was asked for but no stat history is recorded yet (the API's 503). */
  noHistory: boolean;
}

async function fameData(api: SiteApi, period: string | undefined, offset: number): Promise<FameData> {
  const query = { period, limit: PAGE_SIZE, offset };
  const list = period === undefined ? await api.get<HallOfFameEntry[]>('getHallOfFame', {}, query) : await api.optional<HallOfFameEntry[]>('getHallOfFame', {}, query);
  if (!list) {
    // No history yet: the all-time answer still tells the weights of the lead.
    const all = await api.get<HallOfFameEntry[]>('getHallOfFame', {}, { limit: 1 });
    return { entries: [], total: 0, weights: all.meta.crown_weights as CrownWeights, period: null, noHistory: true };
  }
  return {
    entries: list.data,
    total: list.total ?? 0,
    weights: list.meta.crown_weights as CrownWeights,
    period: (list.meta.period as PeriodMetaData | undefined) ?? null,
    noHistory: false,
  };
}

/** The page's title: the hall of fame, of a period, on a later page. */
function fameTitle(t: Translate, period: string | undefined, page: number): string {
  if (period === undefined) return page > 1 ? t('hof.titlePage', { page }) : t('nav.hallOfFame');
  const named = t('crowns.hofTitle', { period: periodLabel(period, t) });
  return page > 1 ? t('board.titlePage', { stat: named, page }) : named;
}

/** Why the hall of fame has no rows: no history yet, no medal in the period, or no medal at all. */
function emptyText(t: Translate, fame: FameData, period: string | undefined): string {
  if (fame.noHistory) return t('period.noHistoryBoard');
  return period === undefined ? t('hof.empty') : t('crowns.hofEmpty');
}

/** `/hall-of-fame`: players by crown score (medals over every leaderboard); `?period=` for the medals of a period's boards of gains. */
export const hallOfFamePage: PageDefinition = {
  pattern: '/hall-of-fame',
  async load(context) {
    const { api, params, query, t, links, site } = context;
    const page = pageNumber(params.page);
    const period = pagePeriod(query, site.staticExport, t);
    const fame = await fameData(api, period, (page - 1) * PAGE_SIZE);
    const { total, weights } = fame;
    requireInRange(page, total, PAGE_SIZE);
    const title = fameTitle(t, period, page);
    // Before any history the period's JSON is a 503: no link to it.
    const json = fame.noHistory ? undefined : withPeriod('/v1/hall-of-fame', period);
    const medals = { gold: weights.gold, silver: weights.silver, bronze: weights.bronze };
    return {
      title,
      description: period === undefined ? t('hof.description') : t('crowns.hofDescription'),
      nav: 'hallOfFame',
      ...(json ? { json } : {}),
      // The link preview stays the all-time card: the card has no period.
      image: cardImage(context, '/v1/card/hall-of-fame.png'),
      body: (
        <>
          <PageHead title={title} lead={period === undefined ? t('hof.lead', medals) : t('crowns.hofLead', medals)} json={json} />
          <PeriodSwitch current={period} href={(p) => links.page(sitePaths.hallOfFame(), { period: p })} />
          {period !== undefined && <PeriodNote period={fame.period} noHistory={fame.noHistory} />}
          <div class="panel">
            {total === 0 ? <p class="empty">{emptyText(t, fame, period)}</p> : <Table entries={fame.entries} />}
            <Pager page={page} size={PAGE_SIZE} total={total} href={(n) => links.page(sitePaths.hallOfFame(n), { period })} />
          </div>
        </>
      ),
    };
  },
};

/** The later pages of the hall of fame. */
export const hallOfFamePagedPage: PageDefinition = { ...hallOfFamePage, pattern: '/hall-of-fame/page/:page' };
