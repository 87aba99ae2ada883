import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ByteReader, ByteWriter, fitsVarint } from './packed-bytes.js';

describe('ByteWriter / ByteReader', () => {
  it('round-trips unsigned varints at every byte boundary, one byte each below 128', () => {
    const values = [0, 1, 127, 128, 16_383, 16_384, 2 ** 21 - 1, 2 ** 21, 2 ** 31 - 1, 2 ** 32, 2 ** 49, 2 ** 53 - 1];
    const writer = new ByteWriter();
    writer.reset();
    for (const v of values) writer.uint(v);
    const data = writer.finish();
    assert.ok(data instanceof Uint8Array);
    const reader = new ByteReader(data);
    assert.deepEqual(values.map(() => reader.uint()), values);
    assert.equal(reader.more, false);
    writer.reset();
    writer.uint(127);
    assert.equal(writer.finish().length, 1);
    writer.reset();
    writer.uint(128);
    assert.equal(writer.finish().length, 2);
  });

  it('round-trips zigzagged integers of either sign and floats, NaN and -0 included', () => {
    const ints = [0, -1, 1, -64, 64, -(2 ** 31), 2 ** 31 - 1, 2 ** 52, -(2 ** 52)];
    const floats = [2.5, -0, Number.NaN, Number.POSITIVE_INFINITY, 1e300, -(2 ** 60)];
    const writer = new ByteWriter();
    writer.reset();
    for (const v of ints) writer.int(v);
    for (const v of floats) writer.float(v);
    const reader = new ByteReader(writer.finish());
    assert.deepEqual(ints.map(() => reader.int()), ints);
    for (const v of floats) assert.ok(Object.is(reader.float(), v), String(v));
    assert.equal(reader.more, false);
  });

  it('grows past its first scratch space and returns exactly the bytes written', () => {
    const writer = new ByteWriter();
    writer.reset();
    const n = 20_000;
    for (let i = 0; i < n; i++) writer.uint(i % 2 === 0 ? 255 * 128 + 127 : i % 128);
    const data = writer.finish();
    assert.equal(data.length, (n / 2) * (3 + 1), '3 bytes, then 1');
    const reader = new ByteReader(data);
    for (let i = 0; i < n; i++) assert.equal(reader.uint(), i % 2 === 0 ? 255 * 128 + 127 : i % 128);
    assert.equal(reader.more, false);
  });

  it('fitsVarint: integers up to 2⁵² in size, not -0', () => {
    assert.equal(fitsVarint(2 ** 52), true);
    assert.equal(fitsVarint(-(2 ** 52)), true);
    assert.equal(fitsVarint(2 ** 52 + 2), false);
    assert.equal(fitsVarint(-0), false);
    assert.equal(fitsVarint(0.5), false);
    assert.equal(fitsVarint(Number.NaN), false);
  });
});
