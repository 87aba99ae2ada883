import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PlayerSave } from '../save/types.js';
import { nameRanks, rememberNameRanks } from './name-ranks.js';

const player = (uuid: string, name: string | null): PlayerSave => ({ uuid, name }) as PlayerSave;

describe('nameRanks', () => {
  it('ranks by name case-insensitively, then uuid; nameless players last', () => {
    assert.deepEqual([...nameRanks([player('b', 'bob'), player('a', 'Alice'), player('c', null), player('d', 'alice')])], [2, 0, 3, 1]);
  });

  it('gives the last result again for the same players and names, and ranks anew after a rename or a newcomer', () => {
    const players = [player('a', 'zed'), player('b', 'amy')];
    const first = nameRanks(players);
    assert.equal(nameRanks([player('a', 'zed'), player('b', 'amy')]), first, 'same uuids and names: not sorted again');
    assert.deepEqual([...nameRanks([player('a', 'abe'), player('b', 'amy')])], [0, 1], 'renamed');
    assert.deepEqual([...nameRanks([player('a', 'abe'), player('b', 'amy'), player('c', 'aaa')])], [1, 2, 0], 'newcomer');
  });

  it('gives a result remembered under a key again for the same players, though other players were ranked since', () => {
    const key = {};
    const first = nameRanks([player('a', 'zed'), player('b', 'amy')]);
    rememberNameRanks(key, first);
    nameRanks([player('c', 'cat'), player('d', 'dog'), player('e', 'emu')]); // another server's build in between
    assert.equal(nameRanks([player('a', 'zed'), player('b', 'amy')], key), first);
    assert.deepEqual([...nameRanks([player('a', 'zed'), player('b', 'abe')], key)], [1, 0], 'renamed since: ranked anew');
    assert.deepEqual([...nameRanks([player('a', 'zed')], {})], [0], 'an unknown key: as without one');
  });
});
