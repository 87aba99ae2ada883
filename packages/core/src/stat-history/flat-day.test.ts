import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeDay, encodeDay, type DayBlock } from './day-block.js';
import { blockOf, decodeFlatDay, emptyFlatDay, flatDayOf } from './flat-day.js';

const monday: DayBlock = {
  day: 20_000,
  rows: [
    { uuid: 'a', baseline: [0, 100, 3, 7], values: [0, 180, 5, 1] },
    { uuid: 'b', baseline: null, values: [1, 2 ** 40] },
    { uuid: 'c', baseline: [], values: [] },
  ],
};
const tuesday: DayBlock = { day: 20_001, rows: [{ uuid: 'b', baseline: null, values: [0, -3] }, { uuid: 'd', baseline: [2, 9], values: [] }] };

describe('decodeFlatDay(payload, uuids, into)', () => {
  test('reads what encodeDay wrote into typed arrays, the file table extended, and back to the same blocks', () => {
    const table = new Map<string, number>();
    const frames = [encodeDay(monday, table), encodeDay(tuesday, table)];
    const uuids: string[] = [];
    const flat = emptyFlatDay();
    decodeFlatDay(frames[0]!, uuids, flat);
    assert.deepEqual(uuids, ['a', 'b', 'c']);
    assert.equal(flat.rows, 3);
    assert.deepEqual([...flat.player.subarray(0, 3)], [0, 1, 2]);
    assert.deepEqual([...flat.baseline.subarray(0, 3)], [1, 0, 1]);
    assert.deepEqual([...flat.start.subarray(0, 7)], [0, 2, 4, 4, 5, 5, 5]);
    assert.deepEqual(blockOf(flat, uuids), monday);
    // The same arrays reused for the next frame, its new player added to the table.
    decodeFlatDay(frames[1]!, uuids, flat);
    assert.deepEqual(uuids, ['a', 'b', 'c', 'd']);
    assert.deepEqual(blockOf(flat, uuids), tuesday);
  });

  test('a row naming a player the file never listed is refused, as decodeDay refuses it', () => {
    const payload = encodeDay({ day: 20_000, rows: [{ uuid: 'a', baseline: null, values: [0, 1] }] }, new Map([['a', 4]]));
    assert.throws(() => decodeFlatDay(payload, []), /never listed/);
    assert.throws(() => decodeDay(payload, []), /never listed/);
  });

  test('a count larger than the frame is refused before anything is allocated for it', () => {
    assert.throws(() => decodeFlatDay(Uint8Array.of(2, 1, 0, 0xff, 0xff, 0x7f), []), /more rows/);
  });
});

describe('flatDayOf(block, uuids)', () => {
  test('numbers the block\'s players in a new table and goes back to the same block', () => {
    const uuids: string[] = [];
    const flat = flatDayOf(monday, uuids);
    assert.deepEqual(uuids, ['a', 'b', 'c']);
    assert.deepEqual(blockOf(flat, uuids), monday);
  });
});
