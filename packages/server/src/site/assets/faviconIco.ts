/**
 * `/favicon.ico`: the site's icon (three bars on a dark block, as `icon.svg`) drawn at 32×32 as a
 * 32-bit ICO, for browsers and tools that ask for the classic path. Drawn once, by code: no
 * binary file in the package, the same shapes as the SVG, 4×4 samples a pixel.
 */
const SIZE = 32;

/** The shapes of `icon.svg`: x, y, width, height, corner radius, colour (RGB). */
const SHAPES: ReadonlyArray<[number, number, number, number, number, number]> = [
  [0, 0, 32, 32, 7, 0x161b22],
  [6, 15, 5, 11, 1.5, 0x2f81f7],
  [13.5, 7, 5, 19, 1.5, 0x3fb950],
  [21, 11, 5, 15, 1.5, 0xf472b6],
];

function inside(px: number, py: number, [x, y, w, h, r]: readonly number[]): boolean {
  if (px < x! || py < y! || px > x! + w! || py > y! + h!) return false;
  const dx = Math.max(x! + r! - px, 0, px - (x! + w! - r!));
  const dy = Math.max(y! + r! - py, 0, py - (y! + h! - r!));
  return dx * dx + dy * dy <= r! * r!;
}

/** One pixel as [b, g, r, a]: the topmost shape at each sample, averaged. */
function pixel(x: number, y: number): [number, number, number, number] {
  let r = 0, g = 0, b = 0, covered = 0;
  for (let sy = 0; sy < 4; sy++) {
    for (let sx = 0; sx < 4; sx++) {
      const px = x + (sx + 0.5) / 4;
      const py = y + (sy + 0.5) / 4;
      const shape = SHAPES.findLast((s) => inside(px, py, s));
      if (!shape) continue;
      covered++;
      r += (shape[5] >> 16) & 255;
      g += (shape[5] >> 8) & 255;
      b += shape[5] & 255;
    }
  }
  if (covered === 0) return [0, 0, 0, 0];
  return [Math.round(b / covered), Math.round(g / covered), Math.round(r / covered), Math.round((covered / 16) * 255)];
}

function draw(): Uint8Array {
  const pixels = SIZE * SIZE * 4;
  const mask = SIZE * 4; // 1 bit a pixel, rows padded to 32 bits: all zero (the alpha decides)
  const image = 40 + pixels + mask;
  const bytes = new Uint8Array(6 + 16 + image);
  const view = new DataView(bytes.buffer);
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, 1, true); // one image
  bytes[6] = SIZE;
  bytes[7] = SIZE;
  view.setUint16(10, 1, true); // planes
  view.setUint16(12, 32, true); // bits per pixel
  view.setUint32(14, image, true);
  view.setUint32(18, 22, true); // offset of the image
  view.setUint32(22, 40, true); // BITMAPINFOHEADER
  view.setInt32(26, SIZE, true);
  view.setInt32(30, SIZE * 2, true); // colour rows and mask rows
  view.setUint16(34, 1, true);
  view.setUint16(36, 32, true);
  view.setUint32(42, pixels + mask, true);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const row = SIZE - 1 - y; // bottom-up
      bytes.set(pixel(x, y), 62 + (row * SIZE + x) * 4);
    }
  }
  return bytes;
}

let drawn: Uint8Array | undefined;

/** The ICO's bytes (drawn on first use). */
export function faviconIco(): Uint8Array {
  return (drawn ??= draw());
}
