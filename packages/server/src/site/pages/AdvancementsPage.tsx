import type { Advancement } from '@blockstats/core';
import { advancementRowsMarkup } from '../advancementRowsMarkup.js';
import { FilterBox } from '../components/FilterBox.js';
import { PageHead } from '../components/PageHead.js';
import { Scroll } from '../components/Scroll.js';
import { categoryLabel } from '../categoryLabel.js';
import { usePage } from '../PageContext.js';
import type { PageDefinition } from '../PageDefinition.js';
import { sitePaths } from '../sitePaths.js';

function Categories({ categories, current }: { categories: readonly string[]; current: string | undefined }) {
  const { t, links, site } = usePage();
  if (site.staticExport) return null;
  return (
    <nav aria-label={t('advancements.categories')}>
      <ul class="chips chips--plain">
        <li><a href={links.page(sitePaths.advancements)} aria-current={current === undefined ? 'page' : undefined}>{t('advancements.all')}</a></li>
        {categories.map((category) => (
          <li><a href={links.page(sitePaths.advancements, { category })} aria-current={current === category ? 'page' : undefined}>{categoryLabel(t, category)}</a></li>
        ))}
      </ul>
    </nav>
  );
}

function AdvancementRows({ advancements }: { advancements: readonly Advancement[] }) {
  const context = usePage();
  const { t } = context;
  return (
    <Scroll label={t('nav.advancements')}>
      <table class="data" data-sortable>
        <thead>
          <tr>
            <th scope="col" class="w" data-type="text">{t('advancements.advancement')}</th>
            <th scope="col" class="opt" data-type="text">{t('advancements.category')}</th>
            <th scope="col" class="num opt" data-type="number">{t('advancements.holders')}</th>
            <th scope="col" class="num" data-type="number">{t('advancements.rarity')}</th>
            <th scope="col" class="opt" data-type="number">{t('advancements.firstBy')}</th>
          </tr>
        </thead>
        <tbody dangerouslySetInnerHTML={{ __html: advancementRowsMarkup(context, advancements) }} />
      </table>
    </Scroll>
  );
}

/** `/advancements`: every vanilla advancement, rarest first, with holders and who was first. */
export const advancementsPage: PageDefinition = {
  pattern: '/advancements',
  async load({ api, query, t, links, site }) {
    const search = site.staticExport ? undefined : query.get('q')?.trim() || undefined;
    const category = site.staticExport ? undefined : query.get('category') || undefined;
    const list = await api.get<Advancement[]>('listAdvancements', {}, { search, category, limit: 500 });
    const categories = (list.meta.categories as string[] | undefined) ?? [];
    const lead = t('advancements.lead', { count: list.total ?? list.data.length });
    return {
      title: t('advancements.title'),
      description: lead,
      nav: 'advancements',
      json: '/v1/advancements',
      body: (
        <>
          <PageHead title={category ? categoryLabel(t, category) : t('advancements.title')} lead={lead} json="/v1/advancements" crumbs={category ? [{ href: links.page(sitePaths.advancements), label: t('advancements.title') }] : undefined} />
          <Categories categories={categories} current={category} />
          <div class="section">
            <FilterBox table="advancement-list" label={t('advancements.search')} value={search} action={links.page(sitePaths.advancements, { category })} />
            <div class="panel" id="advancement-list">
              {list.data.length === 0 ? <p class="empty">{t('advancements.noMatch')}</p> : <AdvancementRows advancements={list.data} />}
            </div>
          </div>
        </>
      ),
    };
  },
};
