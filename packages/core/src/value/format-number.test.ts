import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatNumber } from './format-number.js';

describe('formatNumber(n, maxDecimals)', () => {
  const cases: ReadonlyArray<readonly [n: number, decimals: number | undefined, expected: string]> = [
    [0, undefined, '0'],
    [999, undefined, '999'],
    [1000, undefined, '1,000'],
    [1234567, undefined, '1,234,567'],
    [1234567.89, undefined, '1,234,568'],
    [12.345, 1, '12.3'],
    [12.3, 2, '12.3'],
    [12, 2, '12'],
    [0.5, 0, '1'],
    [-1234.5, 1, '-1,234.5'],
    [-0.004, 2, '0'],
    [-0, undefined, '0'],
    [1e20, undefined, '100,000,000,000,000,000,000'],
  ];
  for (const [n, decimals, expected] of cases) {
    test(`${n}, ${decimals} → ${expected}`, () => assert.equal(formatNumber(n, decimals), expected));
  }

  test('rejects non-finite numbers', () => {
    assert.throws(() => formatNumber(Number.NaN), RangeError);
    assert.throws(() => formatNumber(Number.NEGATIVE_INFINITY), RangeError);
  });
});
