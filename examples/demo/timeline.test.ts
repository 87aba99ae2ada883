import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { serverClock } from './timeline.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-16T12:00:00Z');

describe('serverClock', () => {
  const clock = serverClock(NOW);

  test('availableFrom: the first upgrade to a version at least as new', () => {
    const cases: [version: string | null, daysBeforeNow: number][] = [
      [null, 990], ['1.20', 990], ['1.20.4', 990], ['1.20.5', 930], ['1.21', 868], ['1.21.2', 696],
      ['1.21.4', 696], ['1.21.6', 510], ['1.21.7', 410], ['1.21.11', 331],
    ];
    for (const [version, days] of cases) assert.equal(clock.availableFrom(version), NOW - days * DAY, String(version));
    assert.equal(clock.availableFrom('26.1'), Number.POSITIVE_INFINITY);
  });

  test('availableFromDataVersion agrees with availableFrom for the same release', () => {
    const cases: [dataVersion: number, version: string | null][] = [
      [0, null], [3463, '1.20'], [3700, '1.20.4'], [3837, '1.20.5'], [3953, '1.21'], [4189, '1.21.4'],
      [4325, '1.21.5'], [4435, '1.21.6'], [4556, '1.21.10'], [4671, '1.21.11'],
    ];
    for (const [dataVersion, version] of cases) {
      assert.equal(clock.availableFromDataVersion(dataVersion), clock.availableFrom(version), `DataVersion ${dataVersion}`);
    }
    assert.equal(clock.availableFromDataVersion(4786), Number.POSITIVE_INFINITY);
  });
});
