import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
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
