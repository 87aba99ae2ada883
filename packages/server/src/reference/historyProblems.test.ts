import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { StatHistory } from '@blockstats/core';
import { historyProblems } from './historyProblems.js';
import { initialPullState } from './PullState.js';

const day = 20_773;

function stateWith(history: StatHistory, error: string | null = null) {
  const state = initialPullState();
  state.historyLog = { dataDir: '/tmp/x', timeZone: 'UTC', history, warnings: [], tail: null, rows: new Map() };
  state.historyError = error;
  return state;
}

describe('historyProblems(state)', () => {
  test('a counter that went down is a counter_reset for a week, then no longer', () => {
    const h = new StatHistory(['jump']);
    h.read(day, 'u', [500]);
    h.closeToday();
    h.read(day + 1, 'u', [20]); // a restored backup
    h.closeToday();
    const [reset] = historyProblems(stateWith(h));
    assert.equal(reset?.code, 'counter_reset');
    assert.match(reset!.detail, /jump of u from 500 to 20 on 2026-11-17/);
    for (let d = day + 2; d <= day + 8; d++) {
      h.read(d, 'u', [20 + d - day]);
      h.closeToday();
    }
    assert.deepEqual(historyProblems(stateWith(h)), []);
  });

  test('a pull that could not be added is history_unwritable', () => {
    assert.deepEqual(historyProblems(stateWith(new StatHistory(['jump']), 'ENOSPC: no space left on device')).map((p) => p.code), ['history_unwritable']);
  });
});
