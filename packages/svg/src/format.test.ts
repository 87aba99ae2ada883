import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatCount, formatDate } from './format.js';

describe('formatCount(value)', () => {
  const cases: Array<[number, string]> = [
    [0, '0'], [7, '7'], [999, '999'], [1000, '1,000'], [1234567, '1,234,567'], [12.9, '12'],
    [-1, '?'], [Number.NaN, '?'], [Number.POSITIVE_INFINITY, '?'],
  ];
  for (const [input, expected] of cases) it(`${input} → ${expected}`, () => assert.equal(formatCount(input), expected));
});

describe('formatDate(value)', () => {
  const cases: Array<[string, string]> = [
    ['2024-05-01', '1 May 2024'],
    ['2024-05-01T16:03:11Z', '1 May 2024'],
    ['2023-12-31T23:59:59+02:00', '31 December 2023'],
    ['2024-13-01', '2024-13-01'],
    ['2024-00-10', '2024-00-10'],
    ['2024-05-00', '2024-05-00'],
    ['2024-05-01junk', '2024-05-01junk'],
    ['last spring', 'last spring'],
  ];
  for (const [input, expected] of cases) it(`${input} → ${expected}`, () => assert.equal(formatDate(input), expected));
});
