import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ActivityRecord } from '../record/types.js';
import { addPull } from '../record/add-pull.js';
import { emptyRecord } from '../record/empty-record.js';
import { mergeRecords, recordMerger } from './merge-records.js';
import { seeded } from '../snapshot/testing/seeded.js';

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

/** A merged record as plain data (tracks have no prototype). */
const plain = (record: ActivityRecord): unknown => ({ ...record, players: Object.fromEntries(Object.entries(record.players).map(([uuid, track]) => [uuid, { ...track }])) });

describe('recordMerger', () => {
  it('equals mergeRecords at every pull, keeping the tracks of players without a new line', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const next = seeded(seed);
      const uuids = Array.from({ length: 12 }, (_, i) => `${String(i).padStart(8, '0')}-0000-0000-0000-000000000000`);
      const servers = [emptyRecord(), emptyRecord(), emptyRecord()];
      const totals = servers.map(() => new Map<string, { play_time: number; deaths: number }>());
      // A server joins at its first pull: the third only after a few.
      const joins = [0, 0, 3];
      const merge = recordMerger();
      let previous: ActivityRecord | null = null;
      let kept = 0;
      for (let pull = 0; pull < 14; pull++) {
        const at = T0 + pull * 15 * 60_000;
        for (let s = 0; s < servers.length; s++) {
          // A server sometimes misses a pull (down), never before it joined.
          if (pull < joins[s]! || next() < 0.15) continue;
          const counters: Record<string, Record<string, number>> = {};
          for (const uuid of uuids) {
            if (next() > 0.3) continue;
            const was = totals[s]!.get(uuid) ?? { play_time: Math.floor(next() * 20_000), deaths: 0 };
            // Mostly play, sometimes a reset (the file replaced).
            const now = next() < 0.05 ? { play_time: Math.floor(next() * 100), deaths: 0 } : { play_time: was.play_time + Math.floor(next() * 18_000), deaths: was.deaths + (next() < 0.3 ? 1 : 0) };
            totals[s]!.set(uuid, now);
            counters[uuid] = now;
          }
          addPull(servers[s]!, { at, online: Math.floor(next() * 5), counters });
        }
        const recording = servers.filter((r) => r.recordingSince !== null);
        if (recording.length === 0) continue;
        // Now and then a server's record is read again from its files: a new object, merged from scratch.
        if (next() < 0.1) {
          const s = Math.floor(next() * servers.length);
          servers[s] = structuredClone(servers[s]!);
        }
        const merged = merge(servers.filter((r) => r.recordingSince !== null));
        const fromScratch = mergeRecords(servers.filter((r) => r.recordingSince !== null));
        assert.deepEqual(plain(merged), plain(fromScratch), `seed ${seed}, pull ${pull}`);
        // In the same order too (a players object copied from the last merge keeps its order).
        assert.deepEqual(Object.keys(merged.players), Object.keys(fromScratch.players), `seed ${seed}, pull ${pull}: order`);
        if (previous !== null) for (const uuid of Object.keys(merged.players)) if (merged.players[uuid] === previous.players[uuid]) kept++;
        previous = merged;
      }
      assert.ok(kept > 0, `seed ${seed}: some tracks kept`);
    }
  });

  it('merges every player again when another merger followed the records since its last merge', () => {
    const records = [emptyRecord(), emptyRecord()];
    const pull = (k: number, counters: Record<string, Record<string, number>>): void => {
      for (const record of records) addPull(record, { at: T0 + k * 15 * 60_000, online: null, counters });
    };
    pull(0, { [A]: { play_time: 100 }, [B]: { play_time: 100 } });
    const mine = recordMerger();
    const other = recordMerger();
    mine(records);
    // A line for A that only `mine` did not follow (`other` started following after it), then one for B.
    pull(1, { [A]: { play_time: 5000 } });
    other(records);
    pull(2, { [B]: { play_time: 9000 } });
    assert.deepEqual(plain(mine(records)), plain(mergeRecords(records)));
    assert.deepEqual(plain(other(records)), plain(mergeRecords(records)));
  });

  it('merges again from scratch when a record gains a time before the last merged one', () => {
    const early: ActivityRecord = { ...creative, times: [T0 - 60_000, T1, T2], online: [1, null, 3], players: { [C]: { play_time: { pulls: [0], values: [10] } } } };
    const merge = recordMerger();
    merge([survival]);
    const merged = merge([survival, early]);
    assert.deepEqual(plain(merged), plain(mergeRecords([survival, early])));
    assert.deepEqual(merged.times, [T0 - 60_000, T0, T1, T2]);
  });
});
