import { encodePng } from './encode-png.js';
import { checkPngInput, loadCanvas, pinFont } from './load-canvas.js';
import type { ToPngOptions } from './to-png.js';

/**
 * Loads the renderer and returns a synchronous {@link toPng}: same bytes, same errors, but the
 * SVG is decoded, drawn and encoded on the calling thread. For a worker thread that renders and
 * nothing else (the server's PNG workers): `toPng` encodes on libuv's shared thread pool, outside
 * the worker, so its CPU could not be kept off the cores the server's own thread needs. Never
 * call the result on a thread that answers requests.
 *
 * @example
 * const toPngSync = await loadToPngSync();
 * const png = toPngSync(playerCard(card), { scale: 2 });
 */
export async function loadToPngSync(): Promise<(svg: string, options?: ToPngOptions) => Buffer> {
  const canvas = await loadCanvas();
  return (svg, options = {}) => {
    const scale = checkPngInput('toPngSync', svg, options);
    const image = new canvas.Image();
    let failure: unknown = null;
    image.onerror = (error) => {
      failure = error;
    };
    // Setting `src` to bytes decodes at once (the async path is only for URLs).
    image.src = Buffer.from(pinFont(svg), 'utf8');
    if (failure !== null || !image.complete) throw new Error('toPngSync: the SVG could not be parsed', { cause: failure });
    if (!(image.width > 0 && image.height > 0)) throw new Error('toPngSync: the SVG has no width and height');
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));
    const context = canvas.createCanvas(width, height).getContext('2d');
    context.drawImage(image, 0, 0, width, height);
    return encodePng(context.getImageData(0, 0, width, height).data, width, height);
  };
}
