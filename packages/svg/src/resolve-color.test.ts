import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HOSTILE_COLORS } from '../test/corpus.js';
import { palette } from './palette.js';
import { resolveColor, toFill } from './resolve-color.js';

describe('resolveColor(input, fallback)', () => {
  const valid: Array<[string, string]> = [
    ['blue', palette.blue], ['green', palette.green], ['amber', palette.amber], ['red', palette.red],
    ['purple', palette.purple], ['pink', palette.pink], ['grey', palette.grey], ['PINK', palette.pink],
    ['ff0000', '#ff0000'], ['FFAA00', '#ffaa00'], ['fa0', '#ffaa00'], ['123', '#112233'], ['0a0B0c', '#0a0b0c'],
  ];
  for (const [input, expected] of valid) {
    it(`${JSON.stringify(input)} → ${expected}`, () => assert.equal(resolveColor(input, 'green'), expected));
  }

  for (const input of [...HOSTILE_COLORS, '#ff0000', '#fff', 'gray', 'yellow', 'brightgreen']) {
    it(`${JSON.stringify(input)} falls back`, () => assert.equal(resolveColor(input, 'green'), palette.green));
  }

  it('falls back for a missing value', () => {
    assert.equal(resolveColor(undefined, 'pink'), palette.pink);
    assert.equal(resolveColor(null, 'amber'), palette.amber);
  });

  it('falls back for a non-string at run time', () => {
    assert.equal(resolveColor(123 as unknown as string, 'red'), palette.red);
  });

  it('throws a TypeError for a fallback that is not a palette name', () => {
    assert.throws(() => resolveColor('nope', 'constructor' as 'blue'), TypeError);
  });

  it('is idempotent through toFill, which also takes its own #rrggbb output', () => {
    for (const input of ['pink', 'fa0', 'nonsense']) {
      const once = resolveColor(input, 'blue');
      assert.equal(toFill(once, 'blue'), once);
    }
    assert.equal(toFill('#fa0', 'blue'), '#ffaa00');
    assert.equal(toFill('#nope', 'blue'), palette.blue);
  });
});
