import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { describe, it } from 'node:test';
import nbt from 'prismarine-nbt';
import { parsePlayerDataFile } from './parse-player-data-file.js';

type Tag = { type: string; value: unknown };
const long = (ms: number): Tag => ({ type: 'long', value: [Math.floor(ms / 2 ** 32), (ms % 2 ** 32) | 0] });
const write = (value: Record<string, Tag>): Buffer =>
  nbt.writeUncompressed({ type: 'compound', name: '', value } as nbt.NBT, 'big');

const SEEN = 1_669_312_857_038; // low half ≥ 2^31: exercises the signed-int [hi, lo] split

describe('parsePlayerDataFile(bytes)', () => {
  it('refuses nesting past 512, as the game itself does, without a second parser', () => {
    let deep: Tag = { type: 'compound', value: {} };
    for (let i = 0; i < 600; i++) deep = { type: 'compound', value: { n: deep } };
    const bytes = gzipSync(write({ DataVersion: { type: 'int', value: 4671 }, deep }));
    assert.throws(() => parsePlayerDataFile(bytes), { message: 'not valid NBT: nested too deeply' });
  });

  it('refuses the crafted 110-byte file of 40 lists claiming 16,777,215 END tags each, allocating nothing for them', () => {
    const name = (s: string) => [0, s.length, ...Buffer.from(s)];
    const lists = Array.from({ length: 40 }, (_, i) => [9, ...name(String.fromCharCode(65 + i)), 0, 0x00, 0xff, 0xff, 0xff]);
    const bytes = gzipSync(Buffer.from([10, 0, 0, ...lists.flat(), 0]), { level: 9 });
    assert.ok(bytes.length <= 120, `${bytes.length} bytes`);
    const before = process.memoryUsage().heapUsed;
    assert.throws(() => parsePlayerDataFile(bytes), { message: 'not valid NBT: list of end tags' });
    assert.ok(process.memoryUsage().heapUsed - before < 16 * 1024 * 1024, 'no allocation for the claimed elements');
  });

  it('refuses a list whose count claims more elements than the bytes left, before walking it', () => {
    // A list of 2^31-1 compounds in a few bytes: each needs at least one byte.
    const bytes = Buffer.from([10, 0, 0, 9, 0, 1, 65, 10, 0x7f, 0xff, 0xff, 0xff, 0, 0]);
    assert.throws(() => parsePlayerDataFile(bytes), { message: 'not valid NBT: unexpected end of data' });
  });

  it('stops decompressing a gzip bomb at its limit', () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024), { level: 9 }); // ~8 KB expanding to 8 MiB
    assert.throws(() => parsePlayerDataFile(bomb, 1024 * 1024), { message: 'decompresses to more than the 1 MiB limit; skipped' });
    const raw = Buffer.alloc(2 * 1024 * 1024);
    assert.throws(() => parsePlayerDataFile(raw, 1024 * 1024), { message: /^uncompressed NBT of 2 MiB, over the 1 MiB limit/ });
  });

  it('reads DataVersion, Paper and Bukkit fields from gzipped NBT', () => {
    const bytes = gzipSync(
      write({
        DataVersion: { type: 'int', value: 4671 },
        Inventory: { type: 'list', value: { type: 'compound', value: [] } },
        bukkit: {
          type: 'compound',
          value: { lastPlayed: long(SEEN - 10), firstPlayed: long(1_669_312_812_340), lastKnownName: { type: 'string', value: 'Junyu5287' } },
        },
        Paper: { type: 'compound', value: { LastSeen: long(SEEN), LastLogin: long(SEEN - 1000) } },
      }),
    );
    assert.ok((long(SEEN).value as number[])[1]! < 0);
    assert.deepEqual(parsePlayerDataFile(bytes), {
      dataVersion: 4671,
      paperLastSeen: SEEN,
      bukkitLastPlayed: SEEN - 10,
      bukkitFirstPlayed: 1_669_312_812_340,
      lastKnownName: 'Junyu5287',
    });
  });

  it('gives nulls for a vanilla file without Paper or Bukkit data, gzipped or not', () => {
    const raw = write({ DataVersion: { type: 'int', value: 922 } });
    const expected = { dataVersion: 922, paperLastSeen: null, bukkitLastPlayed: null, bukkitFirstPlayed: null, lastKnownName: null };
    assert.deepEqual(parsePlayerDataFile(gzipSync(raw)), expected);
    assert.deepEqual(parsePlayerDataFile(raw), expected);
  });

  it('ignores fields of the wrong type and unset (zero) times', () => {
    const bytes = gzipSync(
      write({
        DataVersion: { type: 'string', value: '3953' },
        bukkit: { type: 'compound', value: { lastPlayed: long(0), lastKnownName: { type: 'int', value: 5 } } },
        Paper: { type: 'int', value: 1 },
      }),
    );
    assert.deepEqual(parsePlayerDataFile(bytes), {
      dataVersion: null,
      paperLastSeen: null,
      bukkitLastPlayed: null,
      bukkitFirstPlayed: null,
      lastKnownName: null,
    });
  });

  const bad: Array<[string, Buffer, RegExp]> = [
    ['broken gzip', Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3]), /^not valid gzip/],
    ['not NBT', gzipSync('hello world'), /^not valid NBT/],
    ['truncated NBT', gzipSync(write({ DataVersion: { type: 'int', value: 1 } }).subarray(0, 8)), /^not valid NBT/],
    ['empty file', Buffer.alloc(0), /^not valid NBT/],
  ];
  for (const [name, bytes, reason] of bad) {
    it(`rejects ${name} with a reason`, async () => {
      assert.throws(() => parsePlayerDataFile(bytes), { message: reason });
    });
  }
});
