import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LatestValues } from './latest-values.js';

describe('LatestValues', () => {
  it('keeps whole counters in 32 bits and any other value aside, exactly', () => {
    const latest = new LatestValues(4);
    latest.room(1, 2);
    const values = [0, 2 ** 32 - 2, 2 ** 32 - 1, 2 ** 40, 0.25, -3, 17, 2 ** 53];
    values.forEach((v, i) => latest.set(Math.floor(i / 4), i % 4, v));
    values.forEach((v, i) => assert.equal(latest.get(Math.floor(i / 4), i % 4), v, `value ${v}`));
    assert.deepEqual(latest.pairs(0), [1, 2 ** 32 - 2, 2, 2 ** 32 - 1, 3, 2 ** 40]);
    assert.deepEqual([...latest.copy(1)], [0.25, -3, 17, 2 ** 53]);
    // A large value replaced by a small one, a row cleared: nothing aside is left.
    latest.set(0, 3, 5);
    latest.clear(1);
    assert.deepEqual(latest.pairs(0), [1, 2 ** 32 - 2, 2, 2 ** 32 - 1, 3, 5]);
    assert.deepEqual(latest.pairs(1), []);
    latest.trim(2);
    assert.equal(latest.bytes(), 2 * 4 * 4 + 40, 'the 32-bit cells and one value aside (2^32 - 1)');
  });

  it('reads 0 past the matrix, grows with room and trims to the players read', () => {
    const latest = new LatestValues(2);
    assert.equal(latest.get(5, 1), 0);
    latest.room(0, 1);
    latest.set(0, 1, 9);
    latest.markKnown(0, 1);
    const grown = latest.bytes();
    latest.trim(1);
    assert.ok(latest.bytes() < grown);
    assert.equal(latest.bytes(), 2 * 4 + 1);
    assert.equal(latest.get(0, 1), 9);
    assert.ok(latest.known(0));
    assert.ok(!latest.known(1));
    latest.room(3, 4);
    assert.equal(latest.get(0, 1), 9);
    assert.equal(latest.get(3, 0), 0);
  });
});
