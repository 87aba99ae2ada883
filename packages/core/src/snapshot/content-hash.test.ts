import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { contentHash } from './content-hash.js';

const digest = (value: unknown): string => {
  const hash = contentHash();
  hash.add(value);
  return hash.digest();
};

describe('contentHash()', () => {
  it('gives 16 hex digits, the same for equal input', () => {
    assert.match(digest({ a: [1, 2.5, 'x', null, true] }), /^[0-9a-f]{16}$/);
    assert.equal(digest({ a: [1, 2.5, 'x', null, true] }), digest({ a: [1, 2.5, 'x', null, true] }));
  });

  it('tells apart values that would collide without type tags and lengths', () => {
    const values: unknown[] = [
      ['ab'], ['a', 'b'], [[1], 2], [1, [2]], [1, 2], [2, 1], '1', 1, 1.5, -1, 2 ** 40, true, false, null, {}, [], '',
      { a: 1 }, { b: 1 }, { a: '1' }, [1, 2, 3], [0],
    ];
    const seen = new Set(values.map(digest));
    assert.equal(seen.size, values.length);
  });

  it('rejects values that are not JSON-like', () => {
    assert.throws(() => digest(() => 1), TypeError);
  });
});
