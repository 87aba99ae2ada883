import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Player, Snapshot } from '@blockstats/core';
import { h, type ComponentChildren } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { defaultSkin } from '../icons/defaultSkin.js';
import { iconClass } from '../icons/iconSprite.js';
import { PageContextType, type PageContext } from '../PageContext.js';
import { siteLinks } from '../siteLinks.js';
import { PlayerLabel } from './PlayerLabel.js';

const steve: Player = { uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5', name: 'Steve', edition: 'java', ranked: true, last_online: null, skin: 'abc123', textures: { skin: null, head: 'https://heads.example/abc123', body: null } };
const bedrock: Player = { ...steve, uuid: '00000000-0000-0000-0009-01f64f65c7c3', name: '.Bed<&>"', edition: 'bedrock', skin: null, textures: { skin: null, head: null, body: null } };
const stranger: Player = { ...steve, uuid: '11111111-2222-3333-4444-555555555555', name: 'Gone' };
const snapshot = { players: [steve, bedrock].map((p) => ({ uuid: p.uuid, name: p.name, last_online_ms: null })), stats: [], advancements: [] } as unknown as Snapshot;

/** A page's context with only what a label reads. */
function context(site: { externalImages: boolean; heads: ((hash: string) => string | null) | null }, lang?: string): PageContext {
  return {
    snapshot,
    site,
    links: siteLinks({ baseUrl: 'https://stats.example/mc', current: '/stats', staticExport: false, lang }),
    t: (key: string) => (key === 'edition.java' ? 'Java' : 'Bedrock'),
  } as unknown as PageContext;
}

const inPage = (ctx: PageContext, children: ComponentChildren) => renderToString(h(PageContextType.Provider, { value: ctx }, children));

/** The label as it was written before its inside was kept: head, linked name, tag, each from the context. */
function expected(ctx: PageContext, player: Player, tag: boolean, link: boolean): string {
  const href = link && player !== stranger ? ctx.links.page(`/players/${encodeURIComponent(player.uuid === bedrock.uuid ? player.uuid : player.name!)}`) : null;
  const className = `head head--${player.edition}`;
  const head = ctx.site.externalImages && player.textures.head
    ? h('img', { class: className, src: player.textures.head, alt: '', width: 24, height: 24, loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer' })
    : player.skin && ctx.site.heads?.(player.skin)
      ? h('img', { class: className, src: `/mc/assets/heads/${player.skin}.png`, alt: '', width: 24, height: 24, decoding: 'async' })
      : h('span', { class: `ic ${iconClass(`head_${defaultSkin(player.uuid).name}`)} ${className}` });
  const name = h('bdi', null, player.name);
  return renderToString(h('span', { class: 'player' }, head, href ? h('a', { href }, name) : h('span', { class: 'name' }, name), tag && h('span', { class: `tag tag--${player.edition}` }, player.edition === 'java' ? 'Java' : 'Bedrock')));
}

describe('PlayerLabel({ player, tag, link })', () => {
  const sites = [
    { what: 'default heads', site: { externalImages: false, heads: null } },
    { what: 'heads drawn by blockstats', site: { externalImages: false, heads: (hash: string) => (hash === 'abc123' ? 'x.png' : null) } },
    { what: 'external images', site: { externalImages: true, heads: null } },
  ];
  for (const { what, site } of sites) {
    for (const lang of [undefined, 'de']) {
      for (const player of [steve, bedrock, stranger]) {
        for (const [tag, link] of [[false, true], [true, true], [true, false]] as const) {
          it(`${what}, lang ${lang ?? 'none'}, ${player.name}, tag ${tag}, link ${link}: the markup the label always had, also when kept`, () => {
            const ctx = context(site, lang);
            const want = expected(ctx, player, tag, link);
            assert.equal(inPage(ctx, h(PlayerLabel, { player, tag, link })), want);
            assert.equal(inPage(ctx, h(PlayerLabel, { player, tag, link })), want);
          });
        }
      }
    }
  }
});
