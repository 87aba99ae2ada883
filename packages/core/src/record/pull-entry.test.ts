import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyEntry } from './apply-entry.js';
import { emptyRecord } from './empty-record.js';
import { pullEntry } from './pull-entry.js';

const T0 = Date.UTC(2026, 10, 16, 12);
const Q = 15 * 60_000;

describe('pullEntry(record, pull): the same frozen counters objects at every pull', () => {
  it('gives what fresh copies of the counters give, whatever was applied in between', () => {
    const a = Object.freeze({ play_time: 100, deaths: 1 });
    const b = Object.freeze({ play_time: 200, deaths: 1 });
    const c = Object.freeze({ play_time: 300, deaths: 2 });
    // Per pull: the counters of u1 and u2, and whether the entry is applied (a failed write is not).
    const pulls: Array<[object, object, boolean]> = [
      [a, a, true], [a, a, true], [b, a, true], [a, a, true], [a, b, false], [a, b, true], [a, b, true], [c, b, true], [a, a, true],
    ];
    const shared = emptyRecord();
    const copied = emptyRecord();
    pulls.forEach(([u1, u2, applied], i) => {
      const at = T0 + i * Q;
      const entry = pullEntry(shared, { at, online: null, counters: { u1, u2 } as Record<string, Record<string, number>> });
      const expected = pullEntry(copied, { at, online: null, counters: { u1: { ...u1 }, u2: { ...u2 } } as Record<string, Record<string, number>> });
      assert.deepEqual(entry, expected, `pull ${i}`);
      if (!applied) return;
      applyEntry(shared, entry);
      applyEntry(copied, expected);
    });
    assert.deepEqual(shared, copied);
    assert.deepEqual(shared.players.u1!.play_time!.values, [100, 200, 100, 300, 100]);
  });

  it('still checks a frozen object it has not seen', () => {
    const bad = Object.freeze({ play_time: Number.NaN });
    assert.throws(() => pullEntry(emptyRecord(), { at: T0, online: null, counters: { u1: bad } }), TypeError);
  });

  it('reads a map of counters as it reads an object with the same keys in the same order, full entries included', () => {
    const record = emptyRecord();
    applyEntry(record, pullEntry(record, { at: T0, online: 1, counters: { u2: { play_time: 5 }, u1: { play_time: 1, deaths: 0 } } }));
    const counters = { u3: { play_time: 7, jump: 2 }, u1: { play_time: 2, deaths: 0 }, u2: { play_time: 5 } };
    for (const full of [false, true]) {
      const fromObject = pullEntry(record, { at: T0 + Q, online: 2, counters }, { full });
      const fromMap = pullEntry(record, { at: T0 + Q, online: 2, counters: new Map(Object.entries(counters)) }, { full });
      assert.deepEqual(fromMap, fromObject, full ? 'full' : 'changes');
    }
    assert.deepEqual(pullEntry(record, { at: T0 + Q, online: 2, counters }).uuids, ['u3', 'u1']);
    assert.deepEqual(pullEntry(record, { at: T0 + Q, online: 2, counters }, { full: true }).uuids, ['u2', 'u1', 'u3']);
  });
});
