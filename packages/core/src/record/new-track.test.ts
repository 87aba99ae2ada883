import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyEntry } from './apply-entry.js';
import { emptyRecord } from './empty-record.js';
import { newTrack } from './new-track.js';

describe('newTrack', () => {
  it('holds counter names from files as plain own properties', () => {
    const track = newTrack();
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) assert.equal(track[name], undefined, name);
    assert.equal('toString' in track, false);
    track['__proto__'] = { pulls: [0], values: [1] };
    track['constructor'] = { pulls: [0], values: [2] };
    assert.deepEqual(Object.keys(track), ['__proto__', 'constructor']);
    assert.deepEqual(track['__proto__'], { pulls: [0], values: [1] });
    assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(track)), null);
    assert.equal(JSON.stringify(track), '{"__proto__":{"pulls":[0],"values":[1]},"constructor":{"pulls":[0],"values":[2]}}');
  });
});

describe('applyEntry: series started at one pull', () => {
  it('share their one-entry pulls, and a series that grows gets its own', () => {
    const record = emptyRecord();
    applyEntry(record, { at: 1000, online: null, columns: ['play_time', 'deaths'], uuids: ['a', 'b'], values: [10, 0, 20, 1] });
    assert.equal(record.players['a']!['play_time']!.pulls, record.players['b']!['deaths']!.pulls, 'one [0] for the pull');
    applyEntry(record, { at: 2000, online: null, columns: ['play_time', 'deaths'], uuids: ['a', 'b'], values: [15, 0, 20, 1] });
    assert.deepEqual(record.players['a']!['play_time'], { pulls: [0, 1], values: [10, 15] });
    for (const [uuid, name] of [['a', 'deaths'], ['b', 'play_time'], ['b', 'deaths']] as const) {
      assert.deepEqual(record.players[uuid]![name]!.pulls, [0], `${uuid} ${name} unchanged`);
    }
    applyEntry(record, { at: 3000, online: null, columns: ['play_time', 'jump'], uuids: ['a', 'c'], values: [17, 3, null, 4] });
    assert.deepEqual(record.players['a']!['play_time'], { pulls: [0, 1, 2], values: [10, 15, 17] });
    assert.deepEqual(record.players['a']!['jump'], { pulls: [2], values: [3] });
    assert.deepEqual(record.players['c']!['jump'], { pulls: [2], values: [4] });
    assert.equal(record.players['c']!['play_time'], undefined, 'null is not recorded');
    assert.deepEqual(record.players['b']!['play_time']!.pulls, [0]);
  });
});
