import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseInstant } from './parseInstant.js';

describe('parseInstant(text)', () => {
  const accepted: [string, number][] = [
    ['1700000000', 1_700_000_000_000],
    ['1700000000.5', 1_700_000_000_500],
    ['2024-05-01', Date.UTC(2024, 4, 1)],
    ['2024-05-01T18:03', Date.UTC(2024, 4, 1, 18, 3)],
    ['2024-05-01T18:03:11', Date.UTC(2024, 4, 1, 18, 3, 11)],
    ['2024-05-01 18:03:11', Date.UTC(2024, 4, 1, 18, 3, 11)],
    ['2024-05-01T18:03:11.25Z', Date.UTC(2024, 4, 1, 18, 3, 11, 250)],
    ['2024-05-01t18:03:11z', Date.UTC(2024, 4, 1, 18, 3, 11)],
    ['2024-05-01T18:03:11+02:00', Date.UTC(2024, 4, 1, 16, 3, 11)],
    ['2024-05-01T18:03:11-0530', Date.UTC(2024, 4, 1, 23, 33, 11)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
  ];
  for (const [text, expected] of accepted) {
    it(`reads ${text}`, () => assert.equal(parseInstant(text), expected));
  }

  const refused = [
    '', 'yesterday', '-5', '1e10', '2024-13-01', '2023-02-29', '2026-02-30T00:00:00Z', '2024-05-01T24:00:00Z',
    '2024-05-01T10:60Z', '2024-05-01T10:00:60Z', '2024-05-01T10:00:00+24:00', '2024-05-01T10', '2024-5-1', '2024-05-01T::',
  ];
  for (const text of refused) {
    it(`refuses ${JSON.stringify(text)}`, () => assert.ok(Number.isNaN(parseInstant(text))));
  }
});
