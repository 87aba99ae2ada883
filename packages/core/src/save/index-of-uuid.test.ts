import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { indexOfUuid } from './index-of-uuid.js';

describe('indexOfUuid', () => {
  it('finds every uuid of a sorted list and misses every uuid between them, as a scan does', () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let round = 0; round < 50; round++) {
      const uuids = new Set<string>();
      const size = Math.floor(random() * 40);
      while (uuids.size < size) uuids.add(Math.floor(random() * 1e6).toString(16).padStart(8, '0'));
      const players = [...uuids].sort().map((uuid) => ({ uuid }));
      for (const [at, player] of players.entries()) assert.equal(indexOfUuid(players, player.uuid), at);
      for (let probe = 0; probe < 20; probe++) {
        const uuid = Math.floor(random() * 1e6).toString(16).padStart(8, '0');
        assert.equal(indexOfUuid(players, uuid), players.findIndex((player) => player.uuid === uuid));
      }
    }
  });

  it('answers -1 on an empty list', () => {
    assert.equal(indexOfUuid([], '00000000-0000-0000-0000-000000000000'), -1);
  });
});
