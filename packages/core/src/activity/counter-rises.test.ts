import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { counterRises } from './counter-rises.js';

describe('counterRises(values, startsAtZero)', () => {
  const cases: Array<[string, number[], boolean, number[]]> = [
    ['plain rises', [10, 12, 12, 15], false, [0, 2, 0, 3]],
    ['a newcomer starts from 0', [10, 12], true, [10, 2]],
    ['a file missing for a pull (stored as 0 by older recorders) coming back is no activity', [100, 0, 100], false, [0, 0, 0]],
    ['…and only what it rose beyond counts', [100, 0, 105, 107], false, [0, 0, 5, 2]],
    ['a restored backup and the file coming back', [100, 80, 100], false, [0, 0, 0]],
    ['two falls in a row remember the highest value', [100, 50, 0, 100, 101], false, [0, 0, 0, 0, 1]],
    ['a reset, then play: counted from the reset', [540, 0, 6, 20], false, [0, 0, 6, 14]],
  ];
  for (const [name, values, zero, expected] of cases) {
    test(name, () => assert.deepEqual(counterRises(values, zero), expected));
  }
});
