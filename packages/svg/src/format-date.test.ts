import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDate } from './format-date.js';

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
