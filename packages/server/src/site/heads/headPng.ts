import { encode } from 'fast-png';

const HEAD = /^[0-9a-f]{384}$/;

/**
 * A head's 8×8 pixels (64 `rrggbb`) as a PNG of 8×8 pixels (about 150 bytes); the page scales
 * it with square pixels. Null for pixels that are not 384 lower-case hex digits.
 *
 * @example
 * headPng('3324113324…'); // Uint8Array [137, 80, 78, 71, …]
 */
export function headPng(pixels: string): Uint8Array | null {
  if (!HEAD.test(pixels)) return null;
  const data = new Uint8Array(192);
  for (let i = 0; i < 192; i++) data[i] = Number.parseInt(pixels.slice(i * 2, i * 2 + 2), 16);
  return encode({ width: 8, height: 8, data, channels: 3, depth: 8 });
}
