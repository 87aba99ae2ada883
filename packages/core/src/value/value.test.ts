import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Unit } from '../catalogue/types.js';
import { value } from './value.js';

describe('value(raw, unit)', () => {
  const cases: ReadonlyArray<readonly [raw: number, unit: Unit, display: string, converted: Record<string, number> | null]> = [
    [0, 'int', '0', null],
    [7, 'int', '7', null],
    [12345, 'int', '12,345', null],
    [1234567890, 'int', '1,234,567,890', null],
    [1234.567, 'int', '1,234.6', null], // averages: one decimal, as the site shows every average
    [-4200, 'int', '-4,200', null],
    [0, 'cm', '0 m', { metres: 0, kilometres: 0 }],
    [35, 'cm', '35 cm', { metres: 0.35, kilometres: 0 }],
    [150, 'cm', '1.5 m', { metres: 1.5, kilometres: 0.002 }],
    [85_000, 'cm', '850 m', { metres: 850, kilometres: 0.85 }],
    [99_949, 'cm', '999 m', { metres: 999.49, kilometres: 0.999 }],
    [99_999, 'cm', '1 km', { metres: 999.99, kilometres: 1 }],
    [100_000, 'cm', '1 km', { metres: 1000, kilometres: 1 }],
    [1_240_000, 'cm', '12.4 km', { metres: 12400, kilometres: 12.4 }],
    [123_456_789, 'cm', '1,234.6 km', { metres: 1234567.89, kilometres: 1234.568 }],
    [0, 'ticks', '0 s', { seconds: 0, minutes: 0, hours: 0 }],
    [19, 'ticks', '0 s', { seconds: 0.95, minutes: 0.016, hours: 0 }],
    [240, 'ticks', '12 s', { seconds: 12, minutes: 0.2, hours: 0.003 }],
    [54_000, 'ticks', '45 min', { seconds: 2700, minutes: 45, hours: 0.75 }],
    [54_000 + 59 * 20, 'ticks', '45 min', { seconds: 2759, minutes: 45.983, hours: 0.766 }],
    [72_000, 'ticks', '1 h', { seconds: 3600, minutes: 60, hours: 1 }],
    [230_400, 'ticks', '3 h 12 min', { seconds: 11520, minutes: 192, hours: 3.2 }],
    [1_728_000, 'ticks', '1 d', { seconds: 86400, minutes: 1440, hours: 24 }],
    [4 * 1_728_000 + 3 * 72_000 + 500, 'ticks', '4 d 3 h', { seconds: 356425, minutes: 5940.417, hours: 99.007 }],
    [1500 * 1_728_000, 'ticks', '1,500 d', { seconds: 129_600_000, minutes: 2_160_000, hours: 36_000 }],
    [0, 'tenths_of_heart', '0 hearts', { hearts: 0 }],
    [20, 'tenths_of_heart', '1 heart', { hearts: 1 }],
    [10, 'tenths_of_heart', '0.5 hearts', { hearts: 0.5 }],
    [830, 'tenths_of_heart', '41.5 hearts', { hearts: 41.5 }],
    [831, 'tenths_of_heart', '41.55 hearts', { hearts: 41.55 }],
    [2_000_000, 'tenths_of_heart', '100,000 hearts', { hearts: 100000 }],
  ];
  for (const [raw, unit, display, converted] of cases) {
    test(`${raw} ${unit} → ${display}`, () => {
      assert.deepEqual(value(raw, unit), { value: raw, unit, display, converted });
    });
  }

  test('the result is plain JSON (no -0, no NaN)', () => {
    const v = value(-1, 'cm');
    assert.equal(JSON.stringify(v), '{"value":-1,"unit":"cm","display":"-1 cm","converted":{"metres":-0.01,"kilometres":0}}');
  });

  test('rejects non-finite values and unknown units with a RangeError', () => {
    assert.throws(() => value(Number.NaN, 'int'), RangeError);
    assert.throws(() => value(Number.POSITIVE_INFINITY, 'ticks'), RangeError);
    assert.throws(() => value('5' as unknown as number, 'int'), RangeError);
    assert.throws(() => value(5, 'feet' as Unit), /unknown unit "feet"/);
    assert.throws(() => value(5, 'toString' as Unit), /unknown unit/);
  });
});
