import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newestBound } from './newest-bound.js';
import { seeded } from './testing/seeded.js';

describe('newestBound', () => {
  it('is the size-th newest of the counted times, -Infinity when there are fewer', () => {
    assert.equal(newestBound([[1, 5, 9], [4, 7]], [3, 2], 3), 5);
    assert.equal(newestBound([[1, 5, 9], [4, 7]], [3, 2], 5), 1);
    assert.equal(newestBound([[1, 5, 9], [4, 7]], [3, 2], 6), -Infinity);
    assert.equal(newestBound([[1, 5, 9], [4, 7]], [2, 0], 1), 5, 'only the first ends[k] entries count');
    assert.equal(newestBound([], [], 1), -Infinity);
    assert.equal(newestBound([[3]], [1], 0), -Infinity);
  });

  it('agrees with sorting every counted time, ties and empty lists included', () => {
    const random = seeded(17);
    for (let round = 0; round < 500; round++) {
      const lists = Array.from({ length: Math.floor(random() * 9) }, () =>
        Array.from({ length: Math.floor(random() * 12) }, () => Math.floor(random() * 8)).sort((a, b) => a - b));
      const ends = lists.map((list) => Math.floor(random() * (list.length + 1)));
      const all = lists.flatMap((list, k) => list.slice(0, ends[k])).sort((a, b) => b - a);
      const size = 1 + Math.floor(random() * 40);
      assert.equal(newestBound(lists, ends, size), size <= all.length ? all[size - 1] : -Infinity, `round ${round}`);
    }
  });
});
