import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encode } from 'fast-png';
import { headPng } from '../site/heads/headPng.js';
import { skinHeadPixels } from './skinHeadPixels.js';

/** A skin of `width`×`height` whose face is `face` and whose hat covers the top-left pixel with `hat` at `alpha`. */
function skin(width: number, height: number, face: number[], hat: number[], alpha: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 8; y < 16; y++) for (let x = 8; x < 16; x++) data.set([...face, 255], (y * width + x) * 4);
  data.set([...hat, alpha], (8 * width + 40) * 4);
  return encode({ width, height, data, channels: 4, depth: 8 });
}

describe('skinHeadPixels(png)', () => {
  it('the face with the hat layer over it, blended by its alpha', () => {
    const pixels = skinHeadPixels(skin(64, 64, [0x33, 0x24, 0x11], [0xff, 0xff, 0xff], 255))!;
    assert.equal(pixels.length, 384);
    assert.equal(pixels.slice(0, 6), 'ffffff');
    assert.equal(pixels.slice(6, 12), '332411');
    assert.equal(skinHeadPixels(skin(64, 64, [0, 0, 0], [0xff, 0xff, 0xff], 0))!.slice(0, 6), '000000', 'a transparent hat hides nothing');
  });

  it('reads legacy 64×32 skins', () => {
    assert.equal(skinHeadPixels(skin(64, 32, [1, 2, 3], [0, 0, 0], 0))!.slice(6, 12), '010203');
  });

  for (const [what, bytes] of [
    ['not a PNG', new TextEncoder().encode('<html>')],
    ['empty', new Uint8Array()],
    ['a PNG of the wrong size', skin(32, 32, [0, 0, 0], [0, 0, 0], 0)],
    ['a truncated PNG', skin(64, 64, [0, 0, 0], [0, 0, 0], 0).subarray(0, 60)],
  ] as const) {
    it(`null for ${what}`, () => assert.equal(skinHeadPixels(bytes), null));
  }
});

describe('headPng(pixels)', () => {
  it('an 8×8 PNG of the pixels; null for anything but 384 lower-case hex digits', () => {
    const png = headPng('336699'.repeat(64))!;
    assert.deepEqual([...png.subarray(1, 4)], [80, 78, 71]);
    assert.ok(png.length < 200, `${png.length} bytes`);
    for (const bad of ['', 'zz'.repeat(192), '336699'.repeat(63), 'abcdef'.repeat(64).toUpperCase()]) assert.equal(headPng(bad), null);
  });
});
