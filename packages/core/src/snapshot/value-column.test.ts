import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { contentHash } from './content-hash.js';
import { IntValueColumn } from './int-value-column.js';
import { setValue } from './stat-column.js';
import { ValueColumn } from './value-column.js';

describe('ValueColumn', () => {
  it('is written to JSON as a plain array of its numbers', () => {
    const values = new ValueColumn([0, 812, 3.5, -1]);
    assert.equal(JSON.stringify({ values }), '{"values":[0,812,3.5,-1]}');
    assert.equal(JSON.stringify(new ValueColumn(0)), '[]');
  });

  it('is a Float64Array, copied with its numbers (a rebuild copies the previous column)', () => {
    const previous = new ValueColumn([1, 2, 3]);
    const copy = new ValueColumn(previous);
    copy[1] = 9;
    assert.ok(copy instanceof Float64Array);
    assert.deepEqual([...previous], [1, 2, 3]);
    assert.deepEqual(copy.toJSON(), [1, 9, 3]);
  });
});

describe('IntValueColumn', () => {
  it('is written to JSON as a plain array of its numbers, and hashes as one', () => {
    const values = IntValueColumn.of(0, 812, -1, 2 ** 31 - 1);
    assert.equal(JSON.stringify({ values }), '{"values":[0,812,-1,2147483647]}');
    assert.equal(JSON.stringify(new IntValueColumn(0)), '[]');
    const digest = (value: unknown): string => {
      const hash = contentHash();
      hash.add(value);
      return hash.digest();
    };
    assert.equal(digest({ values }), digest({ values: [0, 812, -1, 2 ** 31 - 1] }));
  });
});

describe('setValue', () => {
  it('keeps a 32-bit column while the value fits, else returns a 64-bit copy with it (a fraction, -0, beyond ±2^31)', () => {
    const column = new IntValueColumn(3);
    assert.equal(setValue(column, 1, -(2 ** 31)), column);
    for (const value of [0.5, -0, 2 ** 31, -(2 ** 31) - 1, 2 ** 53]) {
      const wide = setValue(new IntValueColumn([4, 5, 6]), 1, value);
      assert.ok(wide instanceof ValueColumn, String(value));
      assert.ok(Object.is(wide[1], value), String(value));
      assert.deepEqual([wide[0], wide[2]], [4, 6]);
    }
    const big = setValue(new IntValueColumn(16_385), 2, 0.25);
    assert.ok(Array.isArray(big));
    assert.equal(big[2], 0.25);
    assert.equal(big.length, 16_385);
  });
});
