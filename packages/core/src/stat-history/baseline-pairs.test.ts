import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baselineArray, baselinePairs, BaselineWriter } from './baseline-pairs.js';

describe('BaselineWriter', () => {
  it('keeps every value exactly, those an int32 cannot hold aside', () => {
    const writer = new BaselineWriter();
    const row = Float64Array.of(7, -0, 2 ** 31, -(2 ** 31), 0.5, -1, 2 ** 53);
    const baseline = writer.add(Int32Array.from(row.keys()), row.length, row);
    assert.equal(baselinePairs(baseline), row.length);
    const pairs = baselineArray(baseline);
    row.forEach((v, s) => {
      assert.equal(pairs[2 * s], s);
      assert.ok(Object.is(pairs[2 * s + 1], v), `column ${s}: ${pairs[2 * s + 1]} for ${v}`);
    });
    assert.equal(writer.bytes(), 4 * 2 * row.length + 40 * 4);
  });

  it('fills blocks one baseline after the other without one straddling two, earlier ones unchanged', () => {
    const writer = new BaselineWriter();
    const width = 217;
    const row = Float64Array.from({ length: width }, (_, s) => s * 3 + 1);
    const columns = Int32Array.from({ length: width }, (_, s) => s);
    const written = Array.from({ length: 1300 }, (_, k) => {
      const count = 1 + (k % width);
      return { count, baseline: writer.add(columns, count, row) };
    });
    const blocks = new Set(written.map(({ baseline }) => baseline.numbers));
    assert.ok(blocks.size > 1, 'more than one block');
    for (const { count, baseline } of written) {
      assert.ok(baseline.end <= baseline.numbers.length);
      assert.deepEqual(baselineArray(baseline), Array.from({ length: count }, (_, s) => [s, s * 3 + 1]).flat());
    }
  });
});
