import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { StatHistory } from '@blockstats/core';
import { ApiError } from '../http/ApiError.js';
import { initialPullState } from './PullState.js';
import { servedHistory } from './servedHistory.js';

describe('servedHistory(state)', () => {
  test('while the history is read after a start: a 503 unavailable problem with Retry-After', () => {
    const state = initialPullState();
    state.historyLoading = new Promise(() => {});
    assert.throws(
      () => servedHistory(state),
      (error: unknown) => error instanceof ApiError && error.status === 503 && error.code === 'unavailable' && error.headers['retry-after'] === '5' && /still being read/.test(error.detail),
    );
  });

  test('once read: the history when it holds a day, else null', () => {
    const state = initialPullState();
    assert.equal(servedHistory(state), null);
    const history = new StatHistory(['jump']);
    state.historyLog = { dataDir: '/tmp/x', timeZone: 'UTC', history, warnings: [], tail: null, rows: new Map() };
    assert.equal(servedHistory(state), null, 'an empty history answers no period');
    history.read(20_773, 'u', [5]);
    assert.equal(servedHistory(state), history);
  });
});
