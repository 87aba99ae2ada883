import { encodePngAsync } from './encode-png.js';
import { checkPngInput, loadCanvas, pinFont, type Canvas } from './load-canvas.js';

/** Options of {@link toPng}. */
export interface ToPngOptions {
  /** Pixels per SVG unit: 2 (the default) suits high-density screens. From 0.1 to 8. */
  scale?: number;
}

/**
 * Renders an SVG of this package (badge, error badge or card) to PNG through @napi-rs/canvas,
 * drawing all text with the DejaVu Sans shipped in the package so the pixels are the same on every
 * machine. Every `font-family` attribute is pointed at that font first (the SVGs list Verdana first
 * for browsers). Throws a `RangeError` for a bad scale and an `Error` for input that is not an SVG
 * with a size.
 *
 * Text is drawn without `textLength`, which the renderer ignores; DejaVu Sans is within a few
 * percent of the Verdana widths the layout uses. Characters DejaVu Sans lacks (CJK, colour emoji)
 * fall back to whatever fonts the machine has.
 *
 * @example
 * import { writeFile } from 'node:fs/promises';
 * import { badge } from '@blockstats/svg';
 * import { toPng } from '@blockstats/svg/png';
 *
 * await writeFile('badge.png', await toPng(badge({ label: 'players', message: '3/20' }), { scale: 2 }));
 */
export async function toPng(svg: string, options: ToPngOptions = {}): Promise<Buffer> {
  const scale = checkPngInput('toPng', svg, options);
  const canvas = await loadCanvas();
  const pinned = pinFont(svg);
  let image: InstanceType<Canvas['Image']>;
  try {
    image = await canvas.loadImage(Buffer.from(pinned, 'utf8'));
  } catch (cause) {
    throw new Error('toPng: the SVG could not be parsed', { cause });
  }
  if (!(image.width > 0 && image.height > 0)) throw new Error('toPng: the SVG has no width and height');
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const context = canvas.createCanvas(width, height).getContext('2d');
  context.drawImage(image, 0, 0, width, height);
  return encodePngAsync(context.getImageData(0, 0, width, height).data, width, height);
}
