import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseGameTime } from './parse-game-time.js';

describe('parseGameTime(text)', () => {
  const cases: Array<[unknown, number | null]> = [
    ['2024-05-01 18:03:11 +0000', Date.UTC(2024, 4, 1, 18, 3, 11)],
    ['2024-05-01 18:03:11 +0200', Date.UTC(2024, 4, 1, 16, 3, 11)],
    ['2024-05-01 18:03:11 -0400', Date.UTC(2024, 4, 1, 22, 3, 11)],
    ['2024-05-01 00:10:00 +0800', Date.UTC(2024, 3, 30, 16, 10, 0)],
    ['2024-12-31 23:30:00 -0530', Date.UTC(2025, 0, 1, 5, 0, 0)],
    ['2024-05-01 18:03:11 +0545', Date.UTC(2024, 4, 1, 12, 18, 11)],
    ['2024-05-01 18:03:11 +14:00', Date.UTC(2024, 4, 1, 4, 3, 11)],
    ['2024-02-29 12:00:00 +0000', Date.UTC(2024, 1, 29, 12)],
    ['2000-02-29 12:00:00 +0000', Date.UTC(2000, 1, 29, 12)],
    ['1969-12-31 23:59:59 +0000', -1000],
    ['2023-02-29 12:00:00 +0000', null],
    ['1900-02-29 12:00:00 +0000', null],
    ['2024-04-31 12:00:00 +0000', null],
    ['2024-13-01 12:00:00 +0000', null],
    ['2024-05-01 24:00:00 +0000', null],
    ['2024-05-01 18:60:00 +0000', null],
    ['2024-05-01 18:03:11 0200', null],
    ['2024-05-01 18:03:11 +02', null],
    ['2024-05-01T18:03:11+0200', null],
    ['2024-05-01 18:03:11 +02000', null],
    ['', null],
    [1714579391000, null],
    [null, null],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${expected}`, () => assert.equal(parseGameTime(input), expected));
  }
});
