import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { realSaveFiles, realSavesPresent } from '../../../../test/support/repo.js';
import { playerDataFieldsFromNbt as viaPrismarine } from '../../../../test/support/player-data-fields-nbt.js';
import { scanPlayerData, type PlayerDataFields } from './scan-player-data.js';

/** Big-endian NBT bytes by hand (duplicate names are impossible through an object-based writer). */
const b = {
  name: (s: string) => [...u16(Buffer.byteLength(s)), ...Buffer.from(s)],
  tag: (type: number, name: string, payload: number[]) => [type, ...b.name(name), ...payload],
  int: (v: number) => [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255],
  long: (v: bigint) => [...Buffer.from(BigInt.asUintN(64, v).toString(16).padStart(16, '0'), 'hex')],
  string: (s: string) => b.name(s),
  compound: (...children: number[][]) => [...children.flat(), 0],
  root: (...children: number[][]) => Uint8Array.from([10, 0, 0, ...b.compound(...children)]),
};
function u16(n: number): number[] {
  return [(n >>> 8) & 255, n & 255];
}

const LAST = 1_775_146_362_786n;
const none: PlayerDataFields = { dataVersion: null, paperLastSeen: null, bukkitLastPlayed: null, bukkitFirstPlayed: null, lastKnownName: null };

describe('scanPlayerData(bytes)', () => {
  it('reads the five fields and skips every other tag type', () => {
    const data = b.root(
      b.tag(7, 'bytes', [...b.int(3), 1, 2, 3]),
      b.tag(9, 'Inventory', [10, ...b.int(2), ...b.compound(b.tag(8, 'id', b.string('minecraft:stone'))), ...b.compound()]),
      b.tag(9, 'Pos', [6, ...b.int(3), ...new Array(24).fill(0)]),
      b.tag(11, 'UUID', [...b.int(4), ...new Array(16).fill(7)]),
      b.tag(12, 'longs', [...b.int(1), ...new Array(8).fill(0)]),
      b.tag(10, 'recipeBook', b.compound(b.tag(9, 'recipes', [8, ...b.int(2), ...b.string('minecraft:a'), ...b.string('minecraft:b')]))),
      b.tag(3, 'DataVersion', b.int(4671)),
      b.tag(10, 'bukkit', b.compound(b.tag(4, 'lastPlayed', b.long(LAST)), b.tag(4, 'firstPlayed', b.long(LAST - 1000n)), b.tag(8, 'lastKnownName', b.string('Stéve')))),
      b.tag(10, 'Paper', b.compound(b.tag(4, 'LastSeen', b.long(LAST + 5n)))),
    );
    const expected = { dataVersion: 4671, paperLastSeen: LAST + 5n, bukkitLastPlayed: LAST, bukkitFirstPlayed: LAST - 1000n, lastKnownName: 'Stéve' };
    assert.deepEqual(scanPlayerData(data), expected);
    assert.deepEqual(viaPrismarine(data), expected);
  });

  it('keeps the last of repeated names, whatever their type, as an object-building parser does', () => {
    const cases = [
      b.root(b.tag(10, 'bukkit', b.compound(b.tag(4, 'lastPlayed', b.long(LAST)))), b.tag(10, 'bukkit', b.compound(b.tag(8, 'lastKnownName', b.string('x'))))),
      b.root(b.tag(10, 'bukkit', b.compound(b.tag(4, 'lastPlayed', b.long(LAST)), b.tag(3, 'lastPlayed', b.int(5))))),
      b.root(b.tag(3, 'DataVersion', b.int(4671)), b.tag(8, 'DataVersion', b.string('4671'))),
      b.root(b.tag(10, 'Paper', b.compound(b.tag(4, 'LastSeen', b.long(LAST)))), b.tag(3, 'Paper', b.int(1))),
      b.root(b.tag(10, 'other', b.compound(b.tag(4, 'lastPlayed', b.long(LAST)), b.tag(10, 'bukkit', b.compound(b.tag(4, 'lastPlayed', b.long(LAST))))))),
    ];
    for (const data of cases) assert.deepEqual(scanPlayerData(data), viaPrismarine(data));
    assert.deepEqual(scanPlayerData(cases[0]!), { ...none, lastKnownName: 'x' });
  });

  const bad: Array<[string, Uint8Array, RegExp]> = [
    ['an empty buffer', new Uint8Array(0), /^not valid NBT: unexpected end of data$/],
    ['text', new TextEncoder().encode('hello world'), /^not valid NBT: unknown tag type 104$/],
    ['a truncated compound', b.root(b.tag(3, 'DataVersion', b.int(1))).subarray(0, 8), /^not valid NBT: unexpected end of data$/],
    ['an unknown tag inside', b.root(b.tag(13, 'odd', [])), /^not valid NBT: unknown tag type 13$/],
    ['a huge array length', b.root(b.tag(11, 'a', b.int(0x7fffffff))), /^not valid NBT: unexpected end of data$/],
    ['an int root', Uint8Array.from([3, 0, 0, 0, 0, 0, 5]), /^NBT root is not a compound$/],
    ['deep nesting', b.root(b.tag(9, 'deep', Array.from({ length: 600 }, () => [9, ...b.int(1)]).flat())), /^not valid NBT: nested too deeply$/],
  ];
  for (const [name, data, reason] of bad) {
    it(`rejects ${name} with a reason`, () => assert.throws(() => scanPlayerData(data), { message: reason }));
  }

  it('agrees with prismarine-nbt on every player file of the real saves', (t) => {
    if (!realSavesPresent()) {
      t.skip('real-saves absent');
      return;
    }
    const files = realSaveFiles((dir, name) => dir.includes('playerdata') && /\.dat(_old)?$/.test(name));
    for (const path of files) {
      let data: Uint8Array = readFileSync(path);
      if (data[0] === 0x1f && data[1] === 0x8b) data = gunzipSync(data);
      assert.deepEqual(scanPlayerData(data), viaPrismarine(data), path);
    }
    assert.ok(files.length > 100, `expected the real saves' player files, found ${files.length}`);
  });
});
