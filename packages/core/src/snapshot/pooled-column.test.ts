import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IndexColumn } from './index-column.js';
import { IntValueColumn } from './int-value-column.js';
import { columnToWrite, isPooled, pooledColumn, type ColumnClass } from './pooled-column.js';
import { collectUntil } from './testing/collect.js';
import { ValueColumn } from './value-column.js';

describe('pooledColumn(Kind, length)', () => {
  const cases: Array<[ColumnClass<Int32Array | Float64Array>, number]> = [[IndexColumn, 3], [IndexColumn, 5000], [IntValueColumn, 1024], [ValueColumn, 700], [ValueColumn, 12]];
  for (const [Kind, length] of cases) {
    it(`gives ${length} zeros as a ${Kind.name}`, () => {
      const column = pooledColumn(Kind, length);
      assert.ok(column instanceof Kind);
      assert.equal(column.length, length);
      assert.ok(column.every((v) => v === 0));
      assert.equal(JSON.stringify(column), JSON.stringify(new Array(length).fill(0)));
    });
  }

  it('serves a column of about the same size from the buffer of a dropped one, zeroed', async () => {
    let column: IndexColumn | null = pooledColumn(IndexColumn, 7000).fill(7);
    const buffer = column.buffer;
    column = null;
    assert.ok(await collectUntil(() => isPooled(buffer)), 'the dropped column came back');
    // A board a few players longer fits the same buffer (sizes go in steps of 4 KB).
    const next = pooledColumn(IndexColumn, 7010);
    assert.ok(next.buffer === buffer, 'the same buffer');
    assert.ok(!isPooled(buffer));
    assert.ok(next.every((v) => v === 0));
  });

  it('never hands out the buffer of a column still held', async () => {
    const held = pooledColumn(IntValueColumn, 3000).fill(5);
    let dropped: IntValueColumn | null = pooledColumn(IntValueColumn, 3000);
    const buffer = dropped.buffer;
    dropped = null;
    assert.ok(await collectUntil(() => isPooled(buffer)));
    assert.ok(!isPooled(held.buffer));
    const next = [pooledColumn(IntValueColumn, 3000).fill(9), pooledColumn(IntValueColumn, 3000).fill(9)];
    assert.ok(next.every((c) => c.buffer !== held.buffer));
    assert.ok(next.some((c) => c.buffer === buffer));
    assert.ok(held.every((v) => v === 5));
  });
});

describe('columnToWrite(Kind, length)', () => {
  it('serves a column from the buffer of a dropped one, as pooledColumn does, for the caller to write whole', async () => {
    let column: IndexColumn | null = columnToWrite(IndexColumn, 7000).fill(7);
    const buffer = column.buffer;
    column = null;
    assert.ok(await collectUntil(() => isPooled(buffer)));
    const next = columnToWrite(IndexColumn, 7010);
    assert.ok(next instanceof IndexColumn);
    assert.equal(next.length, 7010);
    // This buffer, or another dropped one of its size (an earlier test's, collected meanwhile): then this one waits on.
    assert.equal(next.buffer.byteLength, buffer.byteLength);
    assert.ok(next.buffer === buffer || isPooled(buffer), 'a dropped buffer');
  });

  it('gives a small column as a new one', () => {
    const column = columnToWrite(ValueColumn, 12);
    assert.ok(column instanceof ValueColumn);
    assert.deepEqual([...column], new Array(12).fill(0));
  });
});
