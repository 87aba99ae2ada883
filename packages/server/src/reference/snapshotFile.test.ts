import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { HolderTimes, IndexColumn, IntValueColumn, ValueColumn, type Snapshot } from '@blockstats/core';
import { SLICE } from '../live/jsonChunks.js';
import { readSnapshotFile, writeSnapshotFile } from './snapshotFile.js';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('writeSnapshotFile(path, serverRoot, snapshot)', () => {
  test('writes columns longer than a slice as JSON.stringify does, and they read back as plain arrays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'blockstats-snapshot-file-'));
    dirs.push(dir);
    const n = 2 * SLICE + 5;
    const snapshot = {
      format: 1,
      generation: 'g1',
      players: [{ uuid: 'u', name: 'a' }],
      stats: [
        { id: 'jump', values: IntValueColumn.from({ length: n }, (_, i) => i * 3 - 7), board: IndexColumn.from({ length: n }, (_, i) => n - 1 - i), ranks: IndexColumn.from({ length: n }, (_, i) => i + 1) },
        { id: 'ratio', values: ValueColumn.from({ length: n }, (_, i) => i / 7), board: [], ranks: [] },
      ],
      advancements: [{ id: 'story/root', holders: IndexColumn.from({ length: n }, (_, i) => i), holder_at: HolderTimes.from({ length: n }, (_, i) => (i % 5 === 0 ? 0xffffffff : 1_700_000_000 + i)) }],
    } as unknown as Snapshot;
    const path = join(dir, 'snapshot.json');
    await writeSnapshotFile(path, '/srv/mc', snapshot);
    assert.equal(readFileSync(path, 'utf8'), `${JSON.stringify({ format: 1, server_root: '/srv/mc', snapshot })}\n`);
    const back = (await readSnapshotFile(path, '/srv/mc')) as unknown as { stats: Array<{ values: number[] }>; advancements: Array<{ holder_at: number[] }> };
    assert.deepEqual(back.stats[0]!.values, Array.from(snapshot.stats[0]!.values as IntValueColumn));
    assert.equal(back.advancements[0]!.holder_at[0], -1);
    assert.equal(back.advancements[0]!.holder_at[1], 1_700_000_001_000);
  });
});
