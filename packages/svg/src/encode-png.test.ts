import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { crc32, inflateSync } from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { encodePng, encodePngAsync } from './encode-png.js';

/** The chunks of a PNG file, each checked against its CRC. */
function chunks(png: Buffer): Array<{ type: string; data: Buffer }> {
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const out: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    assert.equal(png.readUInt32BE(at + 8 + length), crc32(png.subarray(at + 4, at + 8 + length)), `${type}'s CRC`);
    out.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return out;
}

/** Pixels of every kind: opaque, transparent, half-transparent, a gradient. */
function sample(width: number, height: number): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([(i * 7) % 256, (i * 13) % 256, (i * 29) % 256, i % 5 === 0 ? 0 : i % 3 === 0 ? 128 : 255], i * 4);
  return rgba;
}

describe('encodePng(rgba, width, height)', () => {
  it('writes IHDR (8-bit RGBA), one IDAT of the unfiltered rows, IEND', () => {
    const rgba = sample(5, 3);
    const parts = chunks(encodePng(rgba, 5, 3));
    assert.deepEqual(parts.map((c) => c.type), ['IHDR', 'IDAT', 'IEND']);
    const header = parts[0]!.data;
    assert.deepEqual([header.readUInt32BE(0), header.readUInt32BE(4), ...header.subarray(8)], [5, 3, 8, 6, 0, 0, 0]);
    const raw = inflateSync(parts[1]!.data);
    assert.equal(raw.length, 3 * (1 + 5 * 4));
    for (let y = 0; y < 3; y++) {
      assert.equal(raw[y * 21], 0, 'filter: none');
      assert.deepEqual([...raw.subarray(y * 21 + 1, (y + 1) * 21)], [...rgba.subarray(y * 20, (y + 1) * 20)]);
    }
  });

  it('is read back by a PNG decoder as the same pixels', async () => {
    const [width, height] = [40, 17];
    const opaque = sample(width, height).map((v, i) => (i % 4 === 3 ? 255 : v));
    const image = await loadImage(encodePng(opaque, width, height));
    const context = createCanvas(width, height).getContext('2d');
    context.drawImage(image, 0, 0);
    assert.deepEqual([...context.getImageData(0, 0, width, height).data], [...opaque]);
  });

  it('gives the same bytes synchronously and on the thread pool', async () => {
    const rgba = sample(64, 9);
    assert.deepEqual(await encodePngAsync(rgba, 64, 9), encodePng(rgba, 64, 9));
  });

  it('refuses pixels that are not width × height RGBA', () => {
    assert.throws(() => encodePng(new Uint8Array(11), 2, 2), RangeError);
    assert.throws(() => encodePng(new Uint8Array(0), 0, 0), RangeError);
    assert.throws(() => encodePng(new Uint8Array(8), 1.5, 1), RangeError);
  });
});
