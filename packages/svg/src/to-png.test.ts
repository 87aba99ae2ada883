import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { BEDROCK_PLAYER, JAVA_PLAYER } from '../test/card-data.js';
import { badge } from './badge.js';
import { FONT_FAMILY } from './font.js';
import { playerCard } from './player-card.js';
import { toPng } from './to-png.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which always comes first. */
function pngSize(png: Buffer): { width: number; height: number } {
  assert.deepEqual(png.subarray(0, 8), PNG_SIGNATURE);
  assert.equal(png.toString('latin1', 12, 16), 'IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Decodes a PNG and counts its distinct colours and its opaque near-white (text) pixels. */
async function pixels(png: Buffer) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  const colours = new Set<number>();
  let opaque = 0;
  let light = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b, a] = [data[i] as number, data[i + 1] as number, data[i + 2] as number, data[i + 3] as number];
    colours.add(((r << 16) | (g << 8) | b) * 256 + a);
    if (a === 255) opaque++;
    if (a === 255 && r > 220 && g > 220 && b > 220) light++;
  }
  return { colours: colours.size, opaque, light, total: data.length / 4 };
}

describe('toPng(svg, { scale })', () => {
  it('renders a badge at twice its size by default, with text on it', async () => {
    const png = await toPng(badge({ label: 'players', message: '3/20' }));
    assert.deepEqual(pngSize(png), { width: 168, height: 40 });
    const p = await pixels(png);
    assert.ok(p.colours > 20, `only ${p.colours} colours: blank?`);
    assert.ok(p.opaque > p.total * 0.8, 'badge background drawn');
    assert.ok(p.light > 50, 'white text drawn');
  });

  const cards: Array<[string, typeof JAVA_PLAYER]> = [['Java', JAVA_PLAYER], ['Bedrock', BEDROCK_PLAYER]];
  for (const [edition, data] of cards) {
    it(`renders a ${edition} card at the requested scale, not blank`, async () => {
      const png = await toPng(playerCard(data), { scale: 1 });
      assert.deepEqual(pngSize(png), { width: 500, height: 184 });
      const p = await pixels(png);
      assert.ok(p.colours > 50, `only ${p.colours} colours: blank?`);
      assert.ok(p.light > 500, `only ${p.light} text pixels`);
    });
  }

  it('is deterministic and uses the shipped font whatever the SVG asks for', async () => {
    const svg = badge({ label: 'Steve', message: '1,204 h' });
    const a = await toPng(svg, { scale: 3 });
    const b = await toPng(svg, { scale: 3 });
    const c = await toPng(svg.replaceAll(FONT_FAMILY, 'Comic Sans MS,serif'), { scale: 3 });
    assert.ok(a.equals(b), 'same bytes twice');
    assert.ok(a.equals(c), 'font-family of the SVG does not change the pixels');
  });

  it('rounds fractional scales to whole pixels', async () => {
    assert.deepEqual(pngSize(await toPng(badge({ label: 'players', message: '3/20' }), { scale: 1.5 })), { width: 126, height: 30 });
  });

  for (const scale of [0, -1, 9, Number.NaN, Number.POSITIVE_INFINITY, '2']) {
    it(`rejects scale ${String(scale)} with a RangeError`, async () => {
      await assert.rejects(toPng(badge({ message: 'm' }), { scale: scale as number }), RangeError);
    });
  }

  for (const input of ['', 'not svg', '<svg', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>']) {
    it(`rejects ${JSON.stringify(input)} with an Error`, async () => {
      await assert.rejects(toPng(input), Error);
    });
  }
});
