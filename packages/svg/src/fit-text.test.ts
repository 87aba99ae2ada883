import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fitText } from './fit-text.js';
import { textWidth } from './text-width.js';

describe('fitText(text, maxWidth, options)', () => {
  it('returns cleaned text unchanged when it fits', () => {
    assert.equal(fitText('  Steve\n', 100), 'Steve');
  });

  const long: Array<[string, string]> = [
    ['a 500-character label', 'x'.repeat(500)],
    ['500 wide letters', 'W'.repeat(500)],
    ['words', 'The quick brown fox jumps over the lazy dog'],
    ['emoji', '😀'.repeat(100)],
    ['a 1 MB string', 'a'.repeat(1_000_000)],
  ];
  for (const [what, input] of long) {
    it(`cuts ${what} to the width, ending in an ellipsis`, () => {
      const out = fitText(input, 120);
      assert.ok(out.endsWith('\u2026'), out);
      assert.ok(textWidth(out) <= 120, `${textWidth(out)} > 120`);
      assert.ok(textWidth(out) > 100, 'uses the space it has');
    });
  }

  it('measures at the given size and weight', () => {
    const out = fitText('Blockville Survival Multiplayer', 150, { size: 20, bold: true });
    assert.ok(textWidth(out, { size: 20, bold: true }) <= 150);
    assert.notEqual(out, fitText('Blockville Survival Multiplayer', 150));
  });

  it('never splits an emoji sequence or a letter from its accent', () => {
    const family = '👨‍👩‍👧‍👦';
    for (let width = 10; width < 200; width += 7) {
      const out = fitText(family.repeat(20), width).replace(/\u2026$/, '');
      assert.equal(out.length % family.length, 0, `cut inside a sequence at width ${width}`);
    }
    const cluster = 'a\u030A\u0323'.normalize('NFC'); // one letter, two marks: still 2 code units in NFC
    assert.equal(cluster.length, 2);
    for (let width = 10; width < 100; width += 3) {
      const out = fitText(cluster.repeat(40), width).replace(/\u2026$/, '');
      assert.equal(out.length % cluster.length, 0, `cut inside a cluster at width ${width}`);
    }
  });

  it('drops trailing space before the ellipsis', () => {
    const out = fitText('aaaa bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', textWidth('aaaa ') + 9.5);
    assert.equal(out, 'aaaa\u2026');
  });

  it('gives just the ellipsis when not even one character fits', () => {
    assert.equal(fitText('Steve', 10), '\u2026');
  });
});
