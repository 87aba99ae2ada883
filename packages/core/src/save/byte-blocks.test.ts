import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seeded } from '../snapshot/testing/seeded.js';
import { ByteBlocks } from './byte-blocks.js';

describe('new ByteBlocks(blockBytes).copy(bytes)', () => {
  for (const blockBytes of [16, 64, 1000, 16_384]) {
    it(`keeps every copy equal to its source, no two overlapping, small ones in shared blocks (${blockBytes}-byte blocks, randomised)`, () => {
      const random = seeded(blockBytes);
      const blocks = new ByteBlocks(blockBytes);
      const sources: Uint8Array[] = [];
      const copies: Uint8Array[] = [];
      for (let i = 0; i < 3000; i++) {
        // Lengths around a quarter of a block (the limit) and up to a whole one, zero included.
        const n = Math.floor(random() ** 3 * (blockBytes + 2));
        const source = new Uint8Array(n);
        for (let b = 0; b < n; b++) source[b] = Math.floor(random() * 256);
        sources.push(source.slice());
        copies.push(blocks.copy(source));
        source.fill(0xee); // the copy is not a view of its source
      }
      const used = new Map<ArrayBufferLike, Array<[number, number]>>();
      let shared = 0;
      for (let i = 0; i < copies.length; i++) {
        const copy = copies[i]!;
        assert.deepEqual(copy, sources[i], `copy ${i}`);
        if (copy.length > blockBytes >>> 2) {
          assert.equal(copy.byteOffset, 0, `copy ${i}: large, its own array`);
          assert.equal(copy.buffer.byteLength, copy.length, `copy ${i}: large, its own array`);
          continue;
        }
        assert.equal(copy.buffer.byteLength, blockBytes, `copy ${i}: in a block`);
        const ranges = used.get(copy.buffer) ?? [];
        for (const [from, to] of ranges) assert.ok(copy.length === 0 || copy.byteOffset >= to || copy.byteOffset + copy.length <= from, `copy ${i} overlaps another`);
        ranges.push([copy.byteOffset, copy.byteOffset + copy.length]);
        if (ranges.length > 1) shared++;
        used.set(copy.buffer, ranges);
      }
      assert.ok(shared > copies.length / 2, `most small copies share a block (${shared} of ${copies.length})`);
    });
  }

  it('reserves room at a multiple of each alignment asked, inside a block, none overlapping (randomised)', () => {
    const random = seeded(9);
    const blocks = new ByteBlocks(256);
    const used = new Map<ArrayBufferLike, Array<[number, number]>>();
    for (let i = 0; i < 2000; i++) {
      const align = [1, 2, 4, 8][Math.floor(random() * 4)]!;
      const n = Math.floor(random() * 80);
      const { buffer, byteOffset } = blocks.reserve(n, align);
      assert.equal(byteOffset % align, 0, `reserve ${i}: ${n} bytes at ${byteOffset}, align ${align}`);
      assert.ok(byteOffset + n <= buffer.byteLength, `reserve ${i}: inside its buffer`);
      if (n > 64) {
        assert.deepEqual([buffer.byteLength, byteOffset], [n, 0], `reserve ${i}: large, a buffer of its own`);
        continue;
      }
      const ranges = used.get(buffer) ?? [];
      for (const [from, to] of ranges) assert.ok(n === 0 || byteOffset >= to || byteOffset + n <= from, `reserve ${i} overlaps another`);
      ranges.push([byteOffset, byteOffset + n]);
      used.set(buffer, ranges);
    }
  });

  it('fills a block in order and starts a new one when the next copy does not fit', () => {
    const blocks = new ByteBlocks(16);
    const a = blocks.copy(Uint8Array.of(1, 2, 3, 4));
    const b = blocks.copy(Uint8Array.of(5, 6, 7));
    assert.equal(a.buffer, b.buffer);
    assert.deepEqual([a.byteOffset, b.byteOffset], [0, 4]);
    blocks.copy(new Uint8Array(4));
    blocks.copy(new Uint8Array(4));
    const c = blocks.copy(Uint8Array.of(9, 9));
    assert.notEqual(c.buffer, a.buffer, '15 bytes used: 2 more start a new block');
    assert.equal(c.byteOffset, 0);
    assert.deepEqual([...a, ...b], [1, 2, 3, 4, 5, 6, 7]);
  });

  it('rejects a block size that is not an integer of at least 16', () => {
    for (const bad of [0, 15, 16.5, Number.NaN]) assert.throws(() => new ByteBlocks(bad), /blockBytes must be an integer ≥ 16/);
  });
});
