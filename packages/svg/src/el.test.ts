import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { el } from './el.js';

describe('el(name, attrs, ...children)', () => {
  it('self-closes an element without children', () => {
    assert.equal(el('rect', { width: 4, height: 20 }).xml, '<rect width="4" height="20"/>');
  });

  it('escapes attribute values and text children', () => {
    assert.equal(
      el('text', { 'aria-label': `"a" & 'b' <c>` }, '<script>alert(1)</script>').xml,
      `<text aria-label="&quot;a&quot; &amp; &apos;b&apos; &lt;c&gt;">&lt;script&gt;alert(1)&lt;/script&gt;</text>`,
    );
  });

  it('inserts nested elements as markup and flattens arrays', () => {
    const xml = el('g', {}, [el('rect', {}), 'x'], el('circle', { r: 1 })).xml;
    assert.equal(xml, '<g><rect/>x<circle r="1"/></g>');
  });

  it('leaves out null, undefined and false attributes and children', () => {
    assert.equal(el('g', { a: null, b: undefined, c: false, d: 0 }, null, undefined, false).xml, '<g d="0"/>');
  });

  it('rounds numbers to two decimals', () => {
    assert.equal(el('rect', { x: 0.1 + 0.2, y: 1 / 3 }).xml, '<rect x="0.3" y="0.33"/>');
  });

  it('never treats a string as markup, even one that looks like el output', () => {
    const inner = el('b', {}).xml;
    assert.equal(el('a', {}, inner).xml, '<a>&lt;b/&gt;</a>');
  });

  it('removes XML-illegal characters from values and text', () => {
    assert.equal(el('t', { v: 'a\u0001b' }, 'c\uFFFFd\uD800').xml, '<t v="ab">cd</t>');
  });

  const badNames: Array<[string, () => unknown]> = [
    ['element name with a space', () => el('a b')],
    ['element name with markup', () => el('a><script')],
    ['empty element name', () => el('')],
    ['attribute name with a quote', () => el('a', { 'x"': '1' })],
    ['attribute name with =', () => el('a', { 'onload=alert(1) x': '1' })],
  ];
  for (const [what, make] of badNames) {
    it(`throws a TypeError for an ${what}`, () => assert.throws(make, TypeError));
  }

  it('throws a TypeError for a non-finite number', () => {
    assert.throws(() => el('rect', { width: Number.NaN }), TypeError);
    assert.throws(() => el('t', {}, Number.POSITIVE_INFINITY), TypeError);
  });

  it('toString() gives the markup', () => {
    assert.equal(`${el('g', {})}`, '<g/>');
  });
});
