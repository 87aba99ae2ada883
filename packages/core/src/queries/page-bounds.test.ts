import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { paginate, paginatePositions } from './page-bounds.js';

describe('paginatePositions(count, bounds, map)', () => {
  it('maps only the positions of the page, as paginate does over every position', () => {
    const mapped: number[] = [];
    const page = paginatePositions(10, { limit: 3, offset: 4 }, (i) => (mapped.push(i), `#${i}`));
    assert.deepStrictEqual(page, { items: ['#4', '#5', '#6'], total: 10 });
    assert.deepStrictEqual(mapped, [4, 5, 6]);
  });

  it('answers like paginate at the end, past the end and for every record', () => {
    const positions = [0, 1, 2, 3, 4];
    for (const bounds of [{ limit: 2, offset: 4 }, { limit: 2, offset: 7 }, { limit: Infinity, offset: 1 }, { limit: 50, offset: 0 }]) {
      assert.deepStrictEqual(paginatePositions(5, bounds, String), paginate(positions, bounds, String), JSON.stringify(bounds));
    }
    assert.deepStrictEqual(paginatePositions(0, { limit: 2, offset: 0 }, String), { items: [], total: 0 });
  });
});
