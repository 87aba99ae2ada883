import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { advancementEntries, AdvancementRow, doneCount, entryCount, entryObtained, entryRequired, entryTime, flatEntries, sameEntries } from './advancement-row.js';
import { ByteBlocks } from '../save/byte-blocks.js';
import { contentHash, stableNumbers } from './content-hash.js';
import { seeded } from './testing/seeded.js';

const T = Date.UTC(2024, 4, 1, 12, 0, 0);

/** Flat stride-5 entries: index, done, at, obtained, required. */
const flat = [3, 1, T, 1, 1, 0, 1, -1, 2, -1, 65535, 0, T + 5000, 255, 126, 7, 0, -1, 0, 54];

function digest(value: unknown): string {
  const hash = contentHash();
  hash.add(value);
  return hash.digest();
}

describe('AdvancementRow', () => {
  it('keeps every field in 8 bytes an entry and gives the flat entries back', () => {
    const row = advancementEntries(flat, 4);
    assert.ok(row instanceof AdvancementRow);
    assert.equal(row.byteLength, 4 * 8);
    assert.equal(entryCount(row), 4);
    assert.deepEqual(flatEntries(row), flat);
    assert.equal(JSON.stringify({ a: row }), JSON.stringify({ a: flat }));
    assert.equal(doneCount(row), 2);
    assert.equal(entryTime(row, 1), -1);
    assert.equal(entryObtained(row, 2), 255);
    assert.equal(entryRequired(row, 1), -1);
    assert.equal(entryRequired(row, 3), 54);
  });

  it('stays flat when an entry does not fit: a time in milliseconds, too many groups, a large index', () => {
    for (const [k, value] of [[2, T + 1], [3, 256], [4, 127], [0, 65536], [2, -5000]] as const) {
      const odd = flat.slice();
      odd[5 + k] = value;
      const row = advancementEntries(odd, 4);
      assert.ok(!(row instanceof AdvancementRow), `field ${k} = ${value}`);
      assert.deepEqual(row, odd);
    }
  });

  it('hashes as the flat entries, and compares equal to them', () => {
    const row = stableNumbers(advancementEntries(flat, 4));
    assert.equal(digest({ a: row }), digest({ a: flat }));
    assert.equal(digest({ a: row }), digest({ a: flat }), 'remembered digest');
    assert.equal(digest([advancementEntries([], 0)]), digest([[]]));
    assert.ok(sameEntries(row, flat));
    assert.ok(!sameEntries(row, flat.slice(0, 15)));
    assert.equal(entryCount(advancementEntries([], 0)), 0);
  });

  it('in shared blocks: each row as it is alone, 4-byte aligned, hashing the same, none overlapping (randomised)', () => {
    const random = seeded(5);
    const blocks = new ByteBlocks(1024);
    const pick = (n: number): number => Math.floor(random() * n);
    const rows: Array<{ alone: ReturnType<typeof advancementEntries>; shared: ReturnType<typeof advancementEntries> }> = [];
    for (let r = 0; r < 500; r++) {
      const count = random() < 0.05 ? 40 + pick(10) : pick(8); // now and then over a quarter of a block: its own buffer
      const entries: number[] = [];
      for (let e = 0; e < count; e++) entries.push(pick(65536), pick(2), random() < 0.1 ? -1 : T + pick(10 ** 6) * 1000, pick(256), pick(128) - 1);
      rows.push({ alone: advancementEntries(entries, count), shared: advancementEntries(entries, count, blocks) });
    }
    const used = new Map<ArrayBufferLike, Array<[number, number]>>();
    for (const [r, { alone, shared }] of rows.entries()) {
      assert.ok(shared instanceof AdvancementRow || entryCount(shared) === 0, `row ${r}`);
      assert.deepEqual(flatEntries(shared), flatEntries(alone), `row ${r}`);
      assert.equal(digest({ a: shared }), digest({ a: alone }), `row ${r}: digest`);
      const row = shared as AdvancementRow;
      if (row.length === 0) continue;
      assert.equal(row.byteOffset % 4, 0, `row ${r}: aligned`);
      const ranges = used.get(row.buffer) ?? [];
      for (const [from, to] of ranges) assert.ok(row.byteOffset >= to || row.byteOffset + row.byteLength <= from, `row ${r} overlaps another`);
      ranges.push([row.byteOffset, row.byteOffset + row.byteLength]);
      used.set(row.buffer, ranges);
    }
    assert.ok(used.size < rows.length / 4, `${rows.length} rows in ${used.size} buffers`);
  });
});
