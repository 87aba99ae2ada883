import type { CrownWeights, HallOfFameEntry } from '@blockstats/core';
import { PageHead } from '../components/PageHead.js';
import { Pager } from '../components/Pager.js';
import { PlayerLabel } from '../components/PlayerLabel.js';
import { Rank } from '../components/Rank.js';
import { Scroll } from '../components/Scroll.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import { sitePaths } from '../sitePaths.js';
import { pageNumber, requireInRange } from './pageNumber.js';

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
            <tr>
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

/** `/hall-of-fame`: players by crown score (medals over every leaderboard). */
export const hallOfFamePage: PageDefinition = {
  pattern: '/hall-of-fame',
  async load({ api, params, t, links, png }) {
    const page = pageNumber(params.page);
    const list = await api.get<HallOfFameEntry[]>('getHallOfFame', {}, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    const total = list.total ?? 0;
    requireInRange(page, total, PAGE_SIZE);
    const weights = list.meta.crown_weights as CrownWeights;
    const title = page > 1 ? t('hof.titlePage', { page }) : t('nav.hallOfFame');
    return {
      title,
      description: t('hof.description'),
      nav: 'hallOfFame',
      json: '/v1/hall-of-fame',
      image: png ? links.absolute('/v1/card/hall-of-fame.png') : null,
      body: (
        <>
          <PageHead title={title} lead={t('hof.lead', { gold: weights.gold, silver: weights.silver, bronze: weights.bronze })} json="/v1/hall-of-fame" />
          <div class="panel">
            {total === 0 ? <p class="empty">{t('hof.empty')}</p> : <Table entries={list.data} />}
            <Pager page={page} size={PAGE_SIZE} total={total} href={(n) => links.page(sitePaths.hallOfFame(n))} />
          </div>
        </>
      ),
    };
  },
};

/** The later pages of the hall of fame. */
export const hallOfFamePagedPage: PageDefinition = { ...hallOfFamePage, pattern: '/hall-of-fame/page/:page' };
