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

describe('RecordedReadings: the players found at their index in the last pull', () => {
  test('gives what a lookup of every player by uuid gives, as readings change, players come and go and the counters change (scrambled rounds)', () => {
    /** A fixed scramble of `k`, in [0, n): the rounds' choices, the same on every run. */
    const pick = (k: number, n: number) => (Math.imul(k + 1, 2654435761) >>> 7) % n;
    const readings = new RecordedReadings();
    /** What was recorded of each uuid: the lookup a from-scratch `toRecord` makes. */
    const model = new Map<string, PlayerSave>();
    let modelIds = '';
    let players = Array.from({ length: 40 }, (_, i) => reading(i));
    let ids = IDS;
    let next = 40;
    let skipped = 0;
    for (let round = 0; round < 400; round++) {
      const k = round * 8;
      // A few new readings; now and then a player comes (shifting the others' indexes) or goes.
      players = players.map((p, i) => (pick(k + i, 10) === 0 ? reading(Number(p.uuid.slice(-12))) : p));
      if (pick(k + 1, 5) === 0) players.splice(pick(k + 2, players.length), 0, reading(next++));
      if (pick(k + 3, 5) === 0) players.splice(pick(k + 4, players.length), 1);
      players.sort((a, b) => (a.uuid < b.uuid ? -1 : 1));
      if (pick(k + 5, 40) === 0) ids = [...IDS, `event${round}`];
      const expected = modelIds !== ids.join('\n') ? players : players.filter((p) => model.get(p.uuid) !== p);
      const given = readings.toRecord(players, ids);
      assert.deepEqual(given, expected, `round ${round}`);
      if (pick(k + 6, 30) === 0) {
        readings.forget();
        model.clear();
        modelIds = '';
        continue;
      }
      // Now and then a record takes fewer players than given (the others stay to record).
      const taken = pick(k + 7, 6) === 0 && given.length > 1 ? given.slice(1) : given;
      if (taken !== given) skipped++;
      readings.recorded(players, taken, ids);
      if (modelIds !== ids.join('\n')) {
        model.clear();
        modelIds = ids.join('\n');
        for (const p of players) model.set(p.uuid, p);
      } else for (const p of taken) model.set(p.uuid, p);
    }
    assert.ok(skipped > 10, `${skipped} rounds recorded fewer players than given`);
  });
});
