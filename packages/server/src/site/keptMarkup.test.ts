import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { keptMarkup } from './keptMarkup.js';
import { usePage } from './PageContext.js';

describe('keptMarkup(component, limit)', () => {
  const cases: Array<{ what: string; props: { name: string; href: string | null } }> = [
    { what: 'plain text', props: { name: 'Steve', href: '/players/Steve' } },
    { what: 'markup in text and attributes is escaped as preact escapes it', props: { name: '<b>&"x\'', href: '/a?b=1&c="2"' } },
    { what: 'a null prop', props: { name: 'Alex', href: null } },
  ];
  const Label = ({ name, href }: { name: string; href: string | null }) => (href ? h('a', { href }, h('bdi', null, name)) : h('span', null, name));
  for (const { what, props } of cases) {
    it(`${what}: the markup renderToString gives`, () => {
      assert.equal(keptMarkup(Label, 10)(props), renderToString(h(Label, props)));
    });
  }

  it('renders equal props once; other props anew', () => {
    let renders = 0;
    const counted = keptMarkup(({ n }: { n: number }) => (renders++, h('i', null, n)), 10);
    assert.equal(counted({ n: 1 }), '<i>1</i>');
    assert.equal(counted({ n: 1 }), '<i>1</i>');
    assert.equal(renders, 1);
    assert.equal(counted({ n: 2 }), '<i>2</i>');
    assert.equal(renders, 2);
  });

  it('props that differ only in a nested value are different keys', () => {
    const Head = ({ head }: { head: { icon: string } }) => h('span', { class: head.icon });
    const kept = keptMarkup(Head, 10);
    assert.equal(kept({ head: { icon: 'a' } }), '<span class="a"></span>');
    assert.equal(kept({ head: { icon: 'b' } }), '<span class="b"></span>');
  });

  it('starts over at `limit` kept markups (bounded memory), still answering right', () => {
    let renders = 0;
    const counted = keptMarkup(({ n }: { n: number }) => (renders++, h('i', null, n)), 2);
    counted({ n: 1 });
    counted({ n: 2 });
    assert.equal(counted({ n: 3 }), '<i>3</i>');
    assert.equal(renders, 3);
    assert.equal(counted({ n: 1 }), '<i>1</i>');
    assert.equal(renders, 4);
  });

  it('gives the component no page context: one that reads it throws instead of being kept per page', () => {
    const reader = keptMarkup(() => h('i', null, usePage().path), 10);
    assert.throws(() => reader({}), /rendered outside a page/);
  });
});
