import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PlayerSave } from '@blockstats/core';
import { PlayersByUuid } from './PlayersByUuid.js';

const players = (uuids: string[]) => uuids.map((uuid) => ({ uuid }) as PlayerSave);

describe('PlayersByUuid', () => {
  test('answers as a Map of the same players, sorted by uuid or not', () => {
    for (const uuids of [['a', 'c', 'd', 'f'], ['f', 'a', 'd', 'c'], ['b'], []]) {
      const list = players(uuids);
      const map = new Map(list.map((player) => [player.uuid, player]));
      const readings = new PlayersByUuid(list);
      assert.equal(readings.size, map.size);
      assert.deepEqual([...readings], [...map]);
      assert.deepEqual([...readings.keys()], [...map.keys()]);
      assert.deepEqual([...readings.values()], [...map.values()]);
      for (const uuid of ['a', 'b', 'c', 'd', 'e', 'f', 'g', '']) {
        assert.equal(readings.get(uuid), map.get(uuid), uuid);
        assert.equal(readings.has(uuid), map.has(uuid), uuid);
      }
      const seen: string[] = [];
      readings.forEach((player, uuid, self) => {
        assert.equal(player.uuid, uuid);
        assert.equal(self, readings);
        seen.push(uuid);
      });
      assert.deepEqual(seen, uuids);
      assert.equal(readings.players, list);
    }
  });

  test('answers the same after many lookups (through an index then)', () => {
    const uuids = Array.from({ length: 300 }, (_, i) => String(i).padStart(4, '0'));
    const readings = new PlayersByUuid(players(uuids));
    for (let round = 0; round < 3; round++) {
      for (let i = -1; i <= 300; i++) {
        const uuid = String(i).padStart(4, '0');
        assert.equal(readings.has(uuid), i >= 0 && i < 300, uuid);
        assert.equal(readings.get(uuid)?.uuid, i >= 0 && i < 300 ? uuid : undefined, uuid);
      }
    }
  });
});
