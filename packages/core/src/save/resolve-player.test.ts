import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPlayerResolver } from './create-player-resolver.js';
import { resolvePlayer } from './resolve-player.js';
import type { PlayerSave } from './types.js';

function player(uuid: string, name: string | null, lastOnline: number | null): PlayerSave {
  return {
    uuid,
    edition: uuid.startsWith('00000000-0000-0000-') ? 'bedrock' : 'java',
    name,
    nameSource: name === null ? null : 'usercache',
    stats: {},
    statsDataVersion: null,
    legacyStats: false,
    advancements: [],
    advancementsDataVersion: null,
    recipes: { count: 0, earliest: null },
    lastOnline,
    lastOnlineSource: lastOnline === null ? null : 'paper',
    firstPlayed: null,
    playerDataVersion: null,
    files: { stats: null, advancements: null, playerdata: null },
    newestMtime: null,
    oldestMtime: null,
  };
}

const OFFLINE = '7c6db0fe-6d44-3433-be6b-597df03b5f2b';
const FLOODGATE = '00000000-0000-0000-0009-01f80f5bac02';
const STEVE = '8667ba71-b85a-4004-af54-457a9734eed7';
const TWIN_A = 'aaaaaaaa-0000-4000-8000-000000000000';
const TWIN_B = 'bbbbbbbb-0000-4000-8000-000000000000';
const NEVER_A = 'cccccccc-0000-4000-8000-000000000000';
const NEVER_B = 'dddddddd-0000-4000-8000-000000000000';

const PLAYERS: PlayerSave[] = [
  player(FLOODGATE, 'Junyu5287', 1_773_934_630_836),
  player(OFFLINE, 'Junyu5287', 1_774_119_535_764), // same name, seen later
  player(STEVE, 'Steve', null),
  player(TWIN_B, 'Twin', 5),
  player(TWIN_A, 'Twin', 5), // same time: the smaller uuid
  player(NEVER_B, 'Ghost', null),
  player(NEVER_A, 'ghost', null),
  player('eeeeeeee-0000-4000-8000-000000000000', null, 9),
  player('ffffffff-0000-4000-8000-000000000000', '.Bedrock', 1),
];

const CASES: Array<[string, string | null]> = [
  ['Junyu5287', OFFLINE],
  ['junyu5287', OFFLINE],
  ['JUNYU5287', OFFLINE],
  [FLOODGATE, FLOODGATE],
  ['0000000000000000000901F80F5BAC02', FLOODGATE],
  [STEVE.toUpperCase(), STEVE],
  ['8667ba71b85a4004af54457a9734eed7', STEVE],
  ['steve', STEVE],
  ['Twin', TWIN_A],
  ['GHOST', NEVER_A],
  ['.bedrock', 'ffffffff-0000-4000-8000-000000000000'],
  ['Bedrock', null], // exact: the Floodgate prefix is part of the name
  ['Stev', null], // no substring matches
  ['Steve ', null],
  ['12345678-1234-1234-1234-123456789abc', null],
  ['', null],
  ['null', null],
];

describe('resolvePlayer(players, identifier)', () => {
  for (const [identifier, uuid] of CASES) {
    it(`${JSON.stringify(identifier)} → ${uuid}`, () => {
      assert.equal(resolvePlayer(PLAYERS, identifier)?.uuid ?? null, uuid);
    });
  }
  it('gives null for an empty list', () => assert.equal(resolvePlayer([], 'Steve'), null));
});

describe('createPlayerResolver(players)', () => {
  const resolve = createPlayerResolver(PLAYERS);
  for (const [identifier, uuid] of CASES) {
    it(`${JSON.stringify(identifier)} → ${uuid}, as resolvePlayer`, () => {
      assert.equal(resolve(identifier)?.uuid ?? null, uuid);
    });
  }
  it('does not depend on input order', () => {
    const reversed = createPlayerResolver([...PLAYERS].reverse());
    for (const [identifier, uuid] of CASES) assert.equal(reversed(identifier)?.uuid ?? null, uuid, identifier);
  });
});
