import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ActivityRecord } from '../record/types.js';
import { mergeRecords } from './merge-records.js';

const T0 = Date.parse('2026-11-16T12:00:00Z');
const T1 = T0 + 15 * 60_000;
const T2 = T1 + 15 * 60_000;
const [A, B, C] = ['a', 'b', 'c'].map((c) => `${c.repeat(8)}-0000-0000-0000-000000000000`) as [string, string, string];

const survival: ActivityRecord = {
  recordingSince: T0,
  times: [T0, T1, T2],
  online: [1, 2, 1],
  counters: ['play_time'],
  players: {
    [A]: { play_time: { pulls: [0, 1, 2], values: [1000, 7000, 7000] } },
    [B]: { play_time: { pulls: [0, 2], values: [500, 6500] } },
  },
  events: { [String(T0)]: 'jump' },
};

// Joined the network at T1: its first readings are a baseline, a newcomer at T2 counts from 0.
const creative: ActivityRecord = {
  recordingSince: T1,
  times: [T1, T2],
  online: [null, 3],
  counters: ['play_time', 'deaths'],
  players: {
    [A]: { play_time: { pulls: [0, 1], values: [50_000, 56_000] }, deaths: { pulls: [0, 1], values: [4, 5] } },
    [C]: { play_time: { pulls: [1], values: [3000] } },
  },
  events: { [String(T0)]: 'deaths' },
};

describe('mergeRecords', () => {
  it('sums what each counter rose on every server, nothing backfilled for a server joining later', () => {
    const merged = mergeRecords([survival, creative]);
    assert.equal(merged.recordingSince, T0);
    assert.deepEqual(merged.times, [T0, T1, T2]);
    assert.deepEqual(merged.online, [1, 2, 4]);
    assert.deepEqual(merged.counters, ['play_time', 'deaths']);
    assert.deepEqual(merged.events, { [String(T0)]: 'jump' });
    assert.deepEqual({ ...merged.players[A] }, { play_time: { pulls: [0, 1, 2], values: [0, 6000, 12_000] }, deaths: { pulls: [1, 2], values: [0, 1] } });
    assert.deepEqual({ ...merged.players[B] }, { play_time: { pulls: [0, 2], values: [0, 6000] } });
    assert.deepEqual({ ...merged.players[C] }, { play_time: { pulls: [2], values: [3000] } });
  });

  it('is empty without records, and one record keeps its activity', () => {
    const none = mergeRecords([]);
    assert.deepEqual({ ...none, players: { ...none.players } }, { recordingSince: null, times: [], online: [], counters: [], players: {}, events: {} });
    const one = mergeRecords([survival]);
    assert.deepEqual(one.players[A]!.play_time, { pulls: [0, 1, 2], values: [0, 6000, 6000] });
  });
});
