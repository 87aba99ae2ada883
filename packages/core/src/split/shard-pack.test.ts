import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { league } from '../snapshot/testing/league.js';
import { packShard, unpackShard } from './shard-pack.js';
import { splitSnapshot } from './split-snapshot.js';
import { SPLIT_HEAD, type SplitMeta } from './split-meta.js';

describe('packShard', () => {
  it('reads back its header and columns, whatever the alignment of the bytes', () => {
    const content = { header: { kind: 'stat', ü: 'ß' }, columns: { board: new Int32Array([4, -1, 7]), at: new Float64Array([1.5, -0, 2 ** 40]) } };
    const bytes = packShard(content);
    for (const offset of [0, 3]) {
      const copy = new Uint8Array(bytes.length + offset);
      copy.set(bytes, offset);
      const back = unpackShard(copy.subarray(offset));
      assert.deepEqual(back.header, content.header);
      assert.deepEqual([...back.columns.board!], [4, -1, 7]);
      assert.ok(back.columns.at instanceof Float64Array);
      assert.deepEqual([...back.columns.at!], [1.5, -0, 2 ** 40]);
    }
  });
});

describe('splitSnapshot', () => {
  it('cuts a snapshot into meta, one shard a stat and an advancement, and player blocks', () => {
    const snapshot = league();
    const shards = splitSnapshot(snapshot, { blockSize: 2 });
    const keys = shards.map((s) => s.key);
    assert.equal(keys[0], 'meta');
    assert.equal(keys.filter((k) => k.startsWith('s/')).length, snapshot.stats.length);
    assert.equal(keys.filter((k) => k.startsWith('a/')).length, snapshot.advancements.length);
    assert.equal(keys.filter((k) => k.startsWith('p/')).length, Math.ceil(snapshot.players.length / 2));
    const meta = unpackShard<SplitMeta>(shards[0]!.bytes);
    assert.equal(meta.header.snapshot.players.length, snapshot.players.length);
    assert.ok(!('advancements' in meta.header.snapshot.players[0]!));
    assert.equal(meta.header.snapshot.stats[0]!.board_length, snapshot.stats[0]!.board.length);
    assert.equal(meta.columns.head_board!.length, snapshot.stats.length * SPLIT_HEAD);
    const stat = unpackShard(shards[1]!.bytes);
    assert.deepEqual([...stat.columns.board!], [...snapshot.stats[0]!.board]);
    assert.deepEqual([...stat.columns.values!], [...snapshot.stats[0]!.values]);
  });
});
