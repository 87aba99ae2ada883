import { decode } from 'fast-png';

/**
 * The head of a skin texture as the game shows it: the face (8×8 at 8,8) with the hat layer
 * (8×8 at 40,8) over it where it is not transparent, as 64 `rrggbb` colours row by row. Null for
 * anything that is not a 64×64 or legacy 64×32 skin PNG (a hostile or broken texture).
 *
 * @example
 * skinHeadPixels(await (await fetch(skinUrl)).bytes()); // '3324113324…' (384 hex digits)
 */
export function skinHeadPixels(png: Uint8Array): string | null {
  let image: ReturnType<typeof decode>;
  try {
    image = decode(png);
  } catch {
    return null;
  }
  const { width, height, channels, depth } = image;
  if (width !== 64 || (height !== 64 && height !== 32) || depth !== 8 || (channels !== 3 && channels !== 4)) return null;
  const data = image.palette ? null : image.data;
  if (!data) return null;
  const pixel = (x: number, y: number): [number, number, number, number] => {
    const i = (y * width + x) * channels;
    return [data[i]!, data[i + 1]!, data[i + 2]!, channels === 4 ? data[i + 3]! : 255];
  };
  let hex = '';
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const face = pixel(8 + x, 8 + y);
      const hat = pixel(40 + x, 8 + y);
      const a = hat[3] / 255;
      for (let c = 0; c < 3; c++) hex += Math.round(hat[c]! * a + face[c]! * (1 - a)).toString(16).padStart(2, '0');
    }
  }
  return hex;
}
