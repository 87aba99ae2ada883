import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Advancement, Player, Snapshot } from '@blockstats/core';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { AdvancementRow, advancementRowsMarkup } from './advancementRowsMarkup.js';
import { siteFormat } from './format.js';
import { PageContextType, type PageContext } from './PageContext.js';
import type { ResolvedSiteOptions } from './SiteOptions.js';
import { siteLinks } from './siteLinks.js';

const textures = { skin: null, head: 'https://t.example/head/abc', body: null };
const alex: Player = { uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5', name: 'Alex', edition: 'java', ranked: true, last_online: null, skin: 'abc', textures };
const bob: Player = { ...alex, uuid: '11111111-2222-3333-4444-555555555555', name: 'Bob', skin: null };
const snapshotOf = (players: Player[]) => ({ players: players.map((p) => ({ ...p, last_online_ms: null })), stats: [], advancements: [] }) as unknown as Snapshot;

const advancement = (id: string, first: Player | null, completed = 3, at: string | null = '2026-03-01T23:30:00Z'): Advancement =>
  ({ id: `minecraft:story/${id}`, title: `Title <${id}>`, description: 'Do it', category: 'story', completed_by: completed, rarity_percent: completed * 10, first_completed_at: first ? at : null, first_by: first }) as unknown as Advancement;

/** A page's context with what the rows read; `t` counts its calls (a row made anew asks for its words). */
function context(snapshot: Snapshot, site: ResolvedSiteOptions, { lang = 'en', timeZone = 'UTC' } = {}): PageContext & { calls: { t: number } } {
  const calls = { t: 0 };
  return {
    snapshot,
    site,
    links: siteLinks({ baseUrl: 'https://stats.example', current: '/advancements', staticExport: false, lang: lang === 'en' ? undefined : lang }),
    language: { tag: lang, explicit: lang !== 'en' },
    format: siteFormat(lang === 'en' ? 'en-GB' : lang, timeZone),
    t: (key: string) => (calls.t++, `${key}(${lang})`),
    calls,
  } as unknown as PageContext & { calls: { t: number } };
}

/** Every row rendered in the page, as the page did before its rows were kept. */
const expected = (ctx: PageContext, list: readonly Advancement[]) => list.map((a) => renderToString(h(PageContextType.Provider, { value: ctx }, h(AdvancementRow, { a })))).join('');

describe('advancementRowsMarkup(context, advancements)', () => {
  it('writes every row as rendered in the page, keeps unchanged rows and remakes exactly the changed ones', () => {
    const heads = new Set<string>();
    const site = { externalImages: false, heads: (hash: string) => (heads.has(hash) ? 'x.png' : null) } as unknown as ResolvedSiteOptions;
    const base = [advancement('a', alex), advancement('b', bob, 1), advancement('c', null, 0)];
    const first = context(snapshotOf([alex, bob]), site);
    assert.equal(advancementRowsMarkup(first, base), expected(first, base));
    const same = context(snapshotOf([alex, bob]), site);
    assert.equal(advancementRowsMarkup(same, base), expected(first, base));
    assert.equal(same.calls.t, 0, 'no row was made anew');
    const rounds: Array<{ what: string; list: Advancement[]; players?: Player[]; before?: () => void; options?: { lang?: string; timeZone?: string } }> = [
      { what: 'holders and rarity', list: [advancement('a', alex, 4), ...base.slice(1)] },
      { what: "the first player's head drawn since", list: base, before: () => heads.add('abc') },
      { what: 'an earlier first completion', list: [advancement('a', alex, 3, '2026-02-01T10:00:00Z'), ...base.slice(1)] },
      { what: 'a first player at last', list: [...base.slice(0, 2), advancement('c', bob, 1)] },
      { what: 'the first player renamed', list: [{ ...base[0]!, first_by: { ...alex, name: 'Alexa' } }, ...base.slice(1)], players: [{ ...alex, name: 'Alexa' }, bob] },
      { what: 'another time zone (the dates)', list: base, options: { timeZone: 'Pacific/Kiritimati' } },
      { what: 'another language', list: base, options: { lang: 'de' } },
    ];
    for (const round of rounds) {
      round.before?.();
      const ctx = context(snapshotOf(round.players ?? [alex, bob]), site, round.options);
      assert.equal(advancementRowsMarkup(ctx, round.list), expected(ctx, round.list), round.what);
    }
  });

  it('with external images, keys the head by the texture URL', () => {
    const site = { externalImages: true, heads: null } as unknown as ResolvedSiteOptions;
    const list = [advancement('a', alex)];
    for (const head of ['https://t.example/one', 'https://t.example/two']) {
      const moved = [{ ...list[0]!, first_by: { ...alex, textures: { ...textures, head } } }];
      const ctx = context(snapshotOf([alex]), site);
      assert.equal(advancementRowsMarkup(ctx, moved), expected(ctx, moved));
    }
  });
});
