import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { statLeader, type Snapshot, type Stat } from '@blockstats/core';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { PlayerLabel } from './components/PlayerLabel.js';
import { statCell } from './components/StatCell.js';
import { PageContextType, type PageContext } from './PageContext.js';
import type { ResolvedSiteOptions } from './SiteOptions.js';
import { siteLinks } from './siteLinks.js';
import { sitePaths } from './sitePaths.js';
import { statRowsMarkup } from './statRowsMarkup.js';

const templates = { skin: 'https://t.example/skin/{hash}', head: 'https://t.example/head/{hash}{uuid}', body: 'https://t.example/body/{hash}', skin_by_uuid: null, fallback: 'x' };
const player = (uuid: string, name: string | null, skin: string | null = null) => ({ uuid, name, edition: 'java', skin, last_online_ms: null as number | null, ranked: true });
const alex = player('069a79f4-44e9-4726-a5be-fca90e38aaf5', 'Alex', 'abc');
const bob = player('11111111-2222-3333-4444-555555555555', 'Bob');
const cleo = player('22222222-3333-4444-5555-666666666666', '<Cleo&>');

/** A snapshot of these players with one stat a board: its first places (by player index) and their ranks. */
function snapshotOf(players: ReturnType<typeof player>[], boards: Array<{ id: string; board: number[]; ranks: number[] }>): Snapshot {
  return { players, stats: boards, advancements: [], config: { texture_templates: templates } } as unknown as Snapshot;
}

/** The catalogue entries as listStats answers them (only what the rows read). */
const entry = (id: string, display: string | null): Stat =>
  ({ id, title: `Title ${id}`, description: id === 'b' ? 'Counts <b>' : null, unit: 'count', category: 'general', leaderboard: '', record: display === null ? null : { value: 1, display } }) as unknown as Stat;

/** A page's context with what the rows read; `t` counts its calls (a row made anew asks for its words). */
function context(snapshot: Snapshot, site: ResolvedSiteOptions, lang?: string, { explicit = true, base = 'https://stats.example/mc' } = {}): PageContext & { calls: { t: number } } {
  const calls = { t: 0 };
  return {
    snapshot,
    site,
    links: siteLinks({ baseUrl: base, current: '/stats', staticExport: false, lang: explicit ? lang : undefined }),
    language: { tag: lang ?? 'en', explicit: explicit && lang !== undefined },
    format: { timeZone: 'UTC' },
    t: (key: string) => (calls.t++, key === 'stats.tied' ? `tied(${lang ?? 'en'})` : key === 'stats.noHolder' ? 'nobody' : key === 'edition.java' ? 'Java' : key),
    calls,
  } as unknown as PageContext & { calls: { t: number } };
}

/** The rows as the stats page wrote them before they were kept: each rendered with its holder's label. */
function expected(ctx: PageContext, stats: readonly Stat[]): string {
  return stats
    .map((stat) => {
      const leader = stat.record ? statLeader(ctx.snapshot, stat.id) : null;
      const holder = leader?.holder
        ? [h(PlayerLabel, { player: leader.holder }), leader.tied && h('span', { class: 'sub' }, ctx.t('stats.tied'))]
        : h('span', { class: 'muted' }, ctx.t('stats.noHolder'));
      const cell = h('td', { dangerouslySetInnerHTML: { __html: statCell({ id: stat.id, href: ctx.links.page(sitePaths.stat(stat.id)), title: stat.title, description: stat.description }) } });
      return renderToString(h(PageContextType.Provider, { value: ctx }, h('tr', null, cell, h('td', { class: 'num' }, stat.record?.display ?? '–'), h('td', { class: 'player-cell' }, holder))));
    })
    .join('');
}

describe('statRowsMarkup(context, stats)', () => {
  const stats = [entry('a', '12'), entry('b', '3 km'), entry('c', null), entry('d', '7')];
  const boards = [
    { id: 'a', board: [0, 1], ranks: [1, 2] },
    { id: 'b', board: [1, 0], ranks: [1, 1] },
    { id: 'c', board: [], ranks: [] },
    { id: 'd', board: [], ranks: [] },
  ];

  it('writes the rows the page always wrote, and keeps them while nothing they show changed', () => {
    const site = { externalImages: false, heads: null } as unknown as ResolvedSiteOptions;
    const snapshot = snapshotOf([alex, bob, cleo], boards);
    const first = context(snapshot, site);
    assert.equal(statRowsMarkup(first, stats), expected(first, stats));
    // The next pull: another snapshot of the same players and records.
    const next = context(snapshotOf([{ ...alex }, { ...bob }, { ...cleo }], boards), site);
    assert.equal(statRowsMarkup(next, stats), expected(first, stats));
    assert.equal(next.calls.t, 0, 'no row was made anew');
  });

  it('remakes exactly the rows whose record, tie, holder, name, head or link moved', () => {
    const heads = new Set<string>();
    const site = { externalImages: false, heads: (hash: string) => (heads.has(hash) ? `${hash}.png` : null) } as unknown as ResolvedSiteOptions;
    const rounds: Array<{ what: string; players: ReturnType<typeof player>[]; boards: typeof boards; stats: Stat[]; before?: () => void }> = [
      { what: 'first view', players: [alex, bob, cleo], boards, stats },
      { what: 'a record display', players: [alex, bob, cleo], boards, stats: [entry('a', '13'), ...stats.slice(1)] },
      { what: 'a new holder', players: [alex, bob, cleo], boards: [{ id: 'a', board: [2, 0], ranks: [1, 2] }, ...boards.slice(1)], stats },
      { what: 'that holder renamed, linked by uuid before and after', players: [alex, bob, { ...cleo, name: '<Cleo 2>' }], boards: [{ id: 'a', board: [2, 0], ranks: [1, 2] }, ...boards.slice(1)], stats },
      { what: 'a tie broken', players: [alex, bob, cleo], boards: [boards[0]!, { id: 'b', board: [1, 0], ranks: [1, 2] }, ...boards.slice(2)], stats },
      { what: 'a holder renamed', players: [{ ...alex, name: 'Alexa' }, bob, cleo], boards, stats },
      { what: 'a skin changed', players: [{ ...alex, skin: 'def' }, bob, cleo], boards, stats },
      { what: "a skin's head drawn since", players: [{ ...alex, skin: 'def' }, bob, cleo], boards, stats, before: () => heads.add('def') },
      { what: 'a name another player now holds (linked by uuid)', players: [alex, bob, { ...cleo, name: 'alex', last_online_ms: 9e12 }], boards, stats },
      { what: 'the holder at another index', players: [cleo, bob, alex], boards: [{ id: 'a', board: [2, 1], ranks: [1, 2] }, { id: 'b', board: [1, 2], ranks: [1, 1] }, ...boards.slice(2)], stats },
      { what: 'a stat without a record now', players: [alex, bob, cleo], boards, stats: [entry('a', null), ...stats.slice(1)] },
    ];
    for (const round of rounds) {
      round.before?.();
      const ctx = context(snapshotOf(round.players, round.boards), site);
      assert.equal(statRowsMarkup(ctx, round.stats), expected(ctx, round.stats), round.what);
    }
  });

  it('keeps each language, mount path and site apart', () => {
    const snapshot = snapshotOf([alex, bob, cleo], boards);
    const site = { externalImages: false, heads: null } as unknown as ResolvedSiteOptions;
    const external = { externalImages: true, heads: null } as unknown as ResolvedSiteOptions;
    const variants = [
      context(snapshot, site),
      context(snapshot, site, 'de'),
      context(snapshot, site, 'de', { explicit: false }), // Accept-Language: the links carry no `lang`
      context(snapshot, site, undefined, { base: 'https://stats.example/other' }),
      context(snapshot, external),
      context(snapshot, site, 'fr'),
      context(snapshot, site),
    ];
    for (const ctx of variants) {
      assert.equal(statRowsMarkup(ctx, stats), expected(ctx, stats));
    }
    // The external images' head URLs come from the snapshot's templates: new templates, new rows.
    const other = { ...snapshot, config: { texture_templates: { ...templates, head: 'https://other.example/{uuid}' } } } as unknown as Snapshot;
    const ctx = context(other, external);
    assert.equal(statRowsMarkup(ctx, stats), expected(ctx, stats));
  });
});
