import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TouchedPlayers } from './touched-players.js';

describe('TouchedPlayers', () => {
  it('lists each player once, in the order first touched, until cleared', () => {
    const touched = new TouchedPlayers(6);
    for (const p of [4, 1, 4, 0, 1, 5]) touched.add(p);
    assert.deepEqual([...touched.list.subarray(0, touched.count)], [4, 1, 0, 5]);
    touched.clear();
    assert.equal(touched.count, 0);
    for (const p of [1, 2, 1]) touched.add(p);
    assert.deepEqual([...touched.list.subarray(0, touched.count)], [1, 2]);
  });
});
