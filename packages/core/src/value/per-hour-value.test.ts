import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Unit } from '../catalogue/types.js';
import { perHourValue } from './per-hour-value.js';
import { value } from './value.js';

describe('perHourValue(raw, unit)', () => {
  const cases: ReadonlyArray<readonly [raw: number, unit: Unit, display: string]> = [
    [12, 'int', '12.0 per hour'],
    [133.333, 'int', '133.3 per hour'],
    [1234.56, 'int', '1,234.6 per hour'],
    [0.06, 'int', '0.1 per hour'],
    [0.04, 'int', '<0.1 per hour'], // never 0.0
    [0, 'int', '0.0 per hour'],
    [410_000, 'cm', '4.1 km per hour'],
    [300_000, 'cm', '3.0 km per hour'], // the all-time rule would say `3 km`
    [99_996, 'cm', '1.0 km per hour'], // not `1,000.0 m`
    [85_000, 'cm', '850.0 m per hour'],
    [99.96, 'cm', '1.0 m per hour'],
    [35, 'cm', '35.0 cm per hour'],
    [0.02, 'cm', '<0.1 cm per hour'],
    [72_000, 'ticks', '1.0 h per hour'],
    [15_000, 'ticks', '12.5 min per hour'],
    [900, 'ticks', '45.0 s per hour'],
    [1, 'ticks', '0.1 s per hour'], // 0.05 s rounds up
    [0.5, 'ticks', '<0.1 s per hour'],
    [70, 'tenths_of_heart', '3.5 hearts per hour'],
    [20, 'tenths_of_heart', '1.0 hearts per hour'],
  ];
  for (const [raw, unit, display] of cases) {
    test(`${raw} ${unit} → ${display}`, () => {
      const rate = perHourValue(raw, unit);
      assert.equal(rate.display, display);
      assert.deepEqual({ ...rate, display: '' }, { ...value(raw, unit), display: '' }, 'value, unit and conversions as value() gives them');
    });
  }
});
