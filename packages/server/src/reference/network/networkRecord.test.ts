import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyRecord, type ActivityRecord } from '@blockstats/core';
import { networkRecord } from './networkRecord.js';

const T0 = Date.UTC(2026, 10, 1);
const PULL = 15 * 60_000;

/** A server's record of `pulls` pulls with nobody online. */
function recorded(pulls: number): ActivityRecord {
  const record = emptyRecord();
  record.recordingSince = T0;
  for (let i = 0; i < pulls; i++) {
    record.times.push(T0 + i * PULL);
    record.online.push(0);
  }
  return record;
}

describe('networkRecord: the servers\' records merged once a change', () => {
  it('answers the same merge while no server\'s record changed, a new one once one did (in place too)', () => {
    const survival = recorded(3);
    let creative: ActivityRecord | null = null;
    const record = networkRecord([() => survival, () => creative]);
    const first = record();
    assert.deepEqual(first?.times, survival.times);
    assert.equal(record(), first, 'nothing changed: the same merge');

    // A pull appended in place to the same record object.
    survival.times.push(T0 + 3 * PULL);
    survival.online.push(1);
    const appended = record();
    assert.notEqual(appended, first);
    assert.equal(appended?.times.length, 4);
    assert.equal(record(), appended);

    // The last pull's time rewritten in place (same length).
    survival.times[3] = T0 + 3 * PULL + 1;
    assert.equal(record()?.times.at(-1), T0 + 3 * PULL + 1);

    // Another server begins recording: its pulls join the merge.
    creative = recorded(1);
    creative.times[0] = T0 + 10 * PULL;
    assert.equal(record()?.times.at(-1), T0 + 10 * PULL);
  });

  it('is null while no server has recorded a pull, and leaves a record without a start out', () => {
    const waiting = emptyRecord();
    let survival: ActivityRecord | null = null;
    const record = networkRecord([() => survival, () => waiting]);
    assert.equal(record(), null);
    assert.equal(record(), null);
    survival = recorded(2);
    assert.deepEqual(record()?.times, survival.times);
    assert.equal(networkRecord([])(), null);
  });
});
