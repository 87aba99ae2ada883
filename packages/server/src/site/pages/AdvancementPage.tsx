import type { Advancement, HolderEntry } from '@blockstats/core';
import { AdvancementIcon } from '../components/AdvancementIcon.js';
import { PageHead } from '../components/PageHead.js';
import { PlayerLabel } from '../components/PlayerLabel.js';
import { Scroll } from '../components/Scroll.js';
import { Time } from '../components/Time.js';
import { categoryLabel } from '../categoryLabel.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import { advancementPath, sitePaths } from '../sitePaths.js';

/** Holders listed on the page (the first ones on the server); the JSON has them all. */
const HOLDERS_SHOWN = 100;

function Holders({ holders, total }: { holders: readonly HolderEntry[]; total: number }) {
  const { t, format } = usePage();
  return (
    <section class="section" aria-labelledby="holders">
      <h2 id="holders">{t('advancement.holders')} <small>{total > holders.length ? t('advancement.firstOf', { count: holders.length, total }) : t('advancement.holderCount', { count: total })}</small></h2>
      <div class="panel">
        {holders.length === 0 ? <p class="empty">{t('advancement.noHolders')}</p> : (
          <Scroll label={t('advancement.holders')}>
            <table class="data">
              <thead><tr><th scope="col">#</th><th scope="col" class="w">{t('board.player')}</th><th scope="col" class="num">{t('advancement.earned')}</th></tr></thead>
              <tbody>
                {holders.map((holder) => (
                  <tr>
                    <td class="muted">{format.number(holder.position)}</td>
                    <td class="player-cell"><PlayerLabel player={holder.player} tag /></td>
                    <td class="num">{holder.completed_at ? <Time iso={holder.completed_at} withTime /> : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
        )}
      </div>
    </section>
  );
}

/** `/advancements/{id}`: one advancement, its rarity and who earned it first. */
export const advancementPage: PageDefinition = {
  pattern: '/advancements/:id+',
  notFound: { kind: 'advancement', param: 'id' },
  async load({ api, params, t, links, format }) {
    const id = params.id!;
    const [advancement, holders] = await Promise.all([
      api.get<Advancement>('getAdvancement', { advancement_id: id }),
      api.get<HolderEntry[]>('listAdvancementHolders', { advancement_id: id }, { limit: HOLDERS_SHOWN }),
    ]);
    const a = advancement.data;
    const json = `/v1/advancements/${advancementPath(a.id)}`;
    return {
      title: a.title,
      description: a.description ?? t('advancement.description', { title: a.title }),
      nav: 'advancements',
      json,
      body: (
        <>
          <PageHead
            title={<span class="adv"><AdvancementIcon id={a.id} large />{a.title}</span>}
            lead={a.description ?? undefined}
            crumbs={[{ href: links.page(sitePaths.advancements), label: t('advancements.title') }]}
            json={json}
          />
          <dl class="tiles">
            <div class="tile"><dt>{t('advancements.category')}</dt><dd>{categoryLabel(t, a.category)}{a.frame && <span class="sub">{t(`frame.${a.frame}`)}</span>}</dd></div>
            <div class="tile"><dt>{t('advancements.holders')}</dt><dd>{format.number(a.completed_by)}<span class="sub">{t('advancements.heldBy', { percent: format.percent(a.rarity_percent) })}</span></dd></div>
            <div class="tile">
              <dt>{t('advancements.firstBy')}</dt>
              <dd>{a.first_by ? <PlayerLabel player={a.first_by} /> : '–'}{a.first_completed_at && <span class="sub"><Time iso={a.first_completed_at} withTime /></span>}</dd>
            </div>
          </dl>
          {a.wiki && <p class="small section"><a href={a.wiki} rel="external">{t('advancement.wiki')}</a></p>}
          <Holders holders={holders.data} total={holders.total ?? holders.data.length} />
        </>
      ),
    };
  },
};
