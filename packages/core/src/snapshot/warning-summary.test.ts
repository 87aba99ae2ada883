import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { warningSummary } from './warning-summary.js';

describe('warningSummary(warnings, max)', () => {
  it('groups by reason, most frequent first', () => {
    assert.deepStrictEqual(
      warningSummary([
        { file: 'a.json', reason: 'truncated' },
        { file: 'usercache.json', reason: 'invalid JSON' },
        { file: 'b.json', reason: 'truncated' },
      ]),
      ['truncated: 2 files (e.g. a.json)', 'invalid JSON: usercache.json'],
    );
  });

  it('is empty without warnings and caps the lines', () => {
    assert.deepStrictEqual(warningSummary([]), []);
    const many = Array.from({ length: 5 }, (_, i) => ({ file: `f${i}`, reason: `r${i}` }));
    assert.deepStrictEqual(warningSummary(many, 2), ['r0: f0', 'r1: f1', '…and 3 more kinds of warning']);
  });
});
