import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatCount } from './format-count.js';

describe('formatCount(value)', () => {
  const cases: Array<[number, string]> = [
    [0, '0'], [7, '7'], [999, '999'], [1000, '1,000'], [1234567, '1,234,567'], [12.9, '12'],
    [-1, '?'], [Number.NaN, '?'], [Number.POSITIVE_INFINITY, '?'],
  ];
  for (const [input, expected] of cases) it(`${input} → ${expected}`, () => assert.equal(formatCount(input), expected));
});
