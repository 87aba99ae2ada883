import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PlayerSave } from '@blockstats/core';
import { RecordedReadings } from './RecordedReadings.js';

/** A reading of player `i` (only its identity and uuid matter here). */
const reading = (i: number) => ({ uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }) as PlayerSave;
const IDS = ['play_time', 'jump'];

describe('RecordedReadings', () => {
  test('gives every player until a pull is recorded, then only the readings other than the recorded ones', () => {
    const readings = new RecordedReadings();
    const players = [reading(0), reading(1), reading(2)];
    assert.deepEqual(readings.toRecord(players, IDS), players);
    readings.recorded(players, players, IDS);
    assert.deepEqual(readings.toRecord(players, IDS), []);

    const next = [players[0]!, reading(1), players[2]!, reading(3)];
    const given = readings.toRecord(next, IDS);
    assert.deepEqual(given, [next[1], next[3]]);
    readings.recorded(next, given, IDS);
    assert.deepEqual(readings.toRecord(next, IDS), []);
    // An older reading of a player is not the one recorded last.
    assert.deepEqual(readings.toRecord([players[1]!], IDS), [players[1]]);
  });

  test('gives every player when the counter list changed (a new event stat), and after forget()', () => {
    const readings = new RecordedReadings();
    const players = [reading(0), reading(1)];
    readings.recorded(players, players, IDS);
    assert.deepEqual(readings.toRecord(players, [...IDS, 'deaths']), players);
    readings.recorded(players, players, [...IDS, 'deaths']);
    assert.deepEqual(readings.toRecord(players, [...IDS, 'deaths']), []);
    readings.forget();
    assert.deepEqual(readings.toRecord(players, [...IDS, 'deaths']), players);
  });

  test('forgets the readings of players who left, once more than 1,000 did', () => {
    const readings = new RecordedReadings();
    const many = Array.from({ length: 1_003 }, (_, i) => reading(i));
    readings.recorded(many, many, IDS);
    const stayed = many.slice(0, 2);
    readings.recorded(stayed, [], IDS);
    assert.deepEqual(readings.toRecord(stayed, IDS), []);
    // Rebuilt from the players of that pull: a player who left and came back is given again.
    assert.deepEqual(readings.toRecord([many[5]!], IDS), [many[5]]);
  });
});
