import assert from 'node:assert/strict';
import { mkdtemp, open, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { HolderTimes, IndexColumn, IntValueColumn, ValueColumn } from '@blockstats/core';
import { jsonChunks, SLICE } from './jsonChunks.js';
import { writeLargeJsonAtomic } from './jsonFile.js';

const nested = {
  format: 1,
  server_root: '/srv/"mc"',
  snapshot: {
    generation: 'g1',
    players: [{ uuid: 'a', name: 'Ünïcødé ✓', medals: [1, 2, 3] }, { uuid: 'b', name: null, skipped: undefined }],
    stats: [],
    empty: {},
    when: new Date(0),
    gone: undefined,
    fn: () => 1,
    holes: [undefined, () => 1, Symbol('s'), Number.NaN, -0, 1e21],
    deep: { a: { b: { c: [1, { d: 2 }] } } },
  },
};

describe('jsonChunks', () => {
  const cases: Array<[string, unknown]> = [
    ['a nested snapshot-like value', nested],
    ['a scalar', 42],
    ['a string', 'x"\n'],
    ['null', null],
    ['an empty array', []],
    ['an object whose first member is left out', { a: undefined, b: 1 }],
    ['an array of objects', [{ a: 1 }, { b: [2, 3] }]],
  ];
  for (const [name, value] of cases) {
    for (const depth of [0, 1, 2, 3, 6]) {
      it(`joins to JSON.stringify for ${name} at depth ${depth}`, () => {
        assert.equal([...jsonChunks(value, depth)].join(''), JSON.stringify(value));
      });
    }
  }

  describe('long columns and arrays', () => {
    const columns = [IntValueColumn, ValueColumn, IndexColumn, HolderTimes];
    const n = 3 * SLICE + 17;
    const ints = IntValueColumn.from({ length: n }, (_, i) => (i * 7919) % 100_003 - 50_000);
    const doubles = ValueColumn.from({ length: n }, (_, i) => (i === 5 ? Number.NaN : i === 6 ? -0 : i / 3));
    const board = IndexColumn.from({ length: SLICE + 1 }, (_, i) => n - i);
    const times = HolderTimes.from({ length: n }, (_, i) => (i % 11 === 0 ? 0xffffffff : 1_700_000_000 + i));
    const plain = Array.from({ length: 2 * SLICE + 3 }, (_, i) => (i % 9 === 0 ? null : i));
    // A snapshot's shape: stats (values, board, ranks), advancements (holders, holder_at), players.
    const stored = {
      format: 1,
      snapshot: {
        stats: [{ id: 'a', values: ints, board, ranks: IndexColumn.of(1, 1, 3) }, { id: 'b', values: doubles, board: [], ranks: [] }],
        advancements: [{ id: 'x', holders: board, holder_at: times, deep: { plain } }],
        players: [{ uuid: 'u', medals: [1] }],
      },
    };

    for (const depth of [0, 1, 2, 3, 6]) {
      it(`join to JSON.stringify at depth ${depth}`, () => {
        assert.equal([...jsonChunks(stored, depth, { columns })].join(''), JSON.stringify(stored));
      });
    }

    // Depth 3 reaches each stat and advancement (stored → snapshot → stats → one stat), as writeSnapshotFile asks.
    for (const depth of [3, 6]) {
      it(`leave no piece longer than a slice's text at depth ${depth}`, () => {
        const pieces = [...jsonChunks(stored, depth, { columns })];
        const longest = Math.max(...pieces.map((piece) => piece.length));
        // A slice of 4,096 doubles (up to 23 characters and a comma each) is the longest.
        assert.ok(longest <= SLICE * 24, `a piece of ${longest} characters`);
      });
    }

    it('are written whole without the columns option (JSON.stringify calls their toJSON)', () => {
      const pieces = [...jsonChunks(stored, 3)];
      assert.equal(pieces.join(''), JSON.stringify(stored));
      assert.ok(pieces.some((piece) => piece.length > SLICE * 24), 'a stat is one piece');
    });

    it('write a column of exactly a slice, or shorter, in one piece', () => {
      const short = IntValueColumn.from({ length: SLICE }, (_, i) => i);
      assert.deepEqual([...jsonChunks({ short }, 0, { columns })], [JSON.stringify({ short })]);
      assert.deepEqual([...jsonChunks(short, 0, { columns })], [JSON.stringify(short)]);
    });

    it('split a long column into slices of SLICE elements', () => {
      const pieces = [...jsonChunks(ints, 0, { columns })];
      assert.equal(pieces.length, 2 + Math.ceil(n / SLICE));
      assert.equal(pieces[1], JSON.stringify(Array.from(ints.subarray(0, SLICE))).slice(1, -1));
      assert.ok(pieces[2]!.startsWith(','));
    });
  });

  it('splits members down to the depth asked', () => {
    assert.deepEqual([...jsonChunks({ a: [1, 2], b: 'x' }, 2)], ['{', '"a":', '[', '1', ',', '2', ']', ',"b":', '"x"', '}']);
  });
});

describe('writeLargeJsonAtomic', () => {
  it('writes the bytes writeJsonAtomic writes, across several writes, and leaves no temporary file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'blockstats-json-'));
    try {
      // ~3 MB of JSON: many writes of ~64 KiB.
      const big = { ...nested, rows: Array.from({ length: 30_000 }, (_, i) => ({ i, name: `player ${i} ✓`, values: [i, i / 3, -i] })) };
      const path = join(dir, 'sub', 'big.json');
      await writeLargeJsonAtomic(path, big, 3);
      assert.equal(await readFile(path, 'utf8'), `${JSON.stringify(big)}\n`);
      assert.deepEqual(await readdir(join(dir, 'sub')), ['big.json']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('flushes the file to disk before it replaces the target', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'blockstats-json-'));
    const path = join(dir, 'snapshot.json');
    // Every FileHandle's `sync`, counted with what the target held when it ran.
    const probe = await open(join(dir, 'probe'), 'w');
    const handles = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
    await probe.close();
    const sync = handles.sync;
    const seen: string[] = [];
    handles.sync = async function (this: unknown) {
      seen.push(await readFile(path, 'utf8').catch(() => 'missing'));
      return sync.call(this);
    };
    try {
      await writeLargeJsonAtomic(path, { old: true }, 3);
      await writeLargeJsonAtomic(path, nested, 3);
      assert.deepEqual(seen, ['missing', '{"old":true}\n'], 'one fsync a write, each before its rename');
      assert.equal(await readFile(path, 'utf8'), `${JSON.stringify(nested)}\n`);
    } finally {
      handles.sync = sync;
      await rm(dir, { recursive: true, force: true });
    }
  });
});
