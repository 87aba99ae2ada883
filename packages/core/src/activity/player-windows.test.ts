import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildRecord, Q } from '../../test/record-builder.js';
import { addPull } from '../record/add-pull.js';
import { playerWindows, windowedPlayers } from './player-windows.js';

const A = '00000000-0000-0000-0000-00000000000a';
const B = '00000000-0000-0000-0000-00000000000b';
const C = '00000000-0000-0000-0000-00000000000c';
const start = Date.parse('2026-10-20T12:00:00Z');

describe('windowedPlayers(record)', () => {
  test('lists the players with a window, with their windows, and again once a pull is appended', () => {
    // A plays, B dies, C is only seen.
    const record = buildRecord(start, { [A]: {}, [B]: {}, [C]: {} }, [{ play: { [A]: 15 } }, { die: { [B]: 1 } }]);
    const first = windowedPlayers(record);
    assert.deepEqual(first.map((p) => p.uuid), [A, B]);
    assert.deepEqual(first.map((p) => p.windows), [playerWindows(record, record.players[A]!), playerWindows(record, record.players[B]!)]);
    assert.equal(windowedPlayers(record), first, 'kept while the record is as it was');
    addPull(record, { at: start + 3 * Q, online: 1, counters: { [C]: { play_time: 15 * 1200, deaths: 0 } } });
    assert.deepEqual(windowedPlayers(record).map((p) => p.uuid), [A, B, C]);
  });
});
