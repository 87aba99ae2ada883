import assert from 'node:assert/strict';
import { mkdtemp, open, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { jsonChunks } from './jsonChunks.js';
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
