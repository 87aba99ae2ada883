import { fileURLToPath } from 'node:url';

/** Options of {@link toPng}. */
export interface ToPngOptions {
  /** Pixels per SVG unit: 2 (the default) suits high-density screens. From 0.1 to 8. */
  scale?: number;
}

/**
 * The family name the shipped DejaVu Sans is registered under. A private name, so a Verdana or a
 * different DejaVu installed on the machine can never be picked instead.
 */
const PNG_FAMILY = 'Blockstats DejaVu Sans';

/**
 * The shipped fonts, in `fonts/` beside `src/` and `dist/` with their licence. Resolved on first
 * use, never when the module loads: a bundler that inlines this module elsewhere then fails only
 * if PNGs are really rendered.
 */
function fontFiles(): string[] {
  return ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) => fileURLToPath(new URL(`../fonts/${file}`, import.meta.url)));
}

type Canvas = typeof import('@napi-rs/canvas');
let canvasModule: Promise<Canvas> | undefined;

/**
 * The error to throw when importing @napi-rs/canvas failed: an optional peer dependency (a native
 * module a Worker or an SVG-only user should not have to install), so when it is absent the
 * message says how to install it; any other failure is passed on as it is.
 */
function canvasMissing(error: unknown): unknown {
  const absent = (error as { code?: unknown } | null)?.code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes('@napi-rs/canvas');
  if (!absent) return error;
  return new Error('toPng needs @napi-rs/canvas, an optional peer dependency of @blockstats/svg that is not installed: npm install @napi-rs/canvas', { cause: error });
}

/**
 * Loads @napi-rs/canvas on first use only: the SVG functions stay free of the native module, so
 * importing `@blockstats/svg/png` costs nothing until a PNG is rendered, and registers the shipped
 * fonts once.
 */
function loadCanvas(): Promise<Canvas> {
  canvasModule ??= import('@napi-rs/canvas').catch((error: unknown) => {
    throw canvasMissing(error);
  }).then((canvas) => {
    for (const file of fontFiles()) {
      if (!canvas.GlobalFonts.registerFromPath(file, PNG_FAMILY)) {
        throw new Error(`toPng: cannot load the font ${file}`);
      }
    }
    return canvas;
  });
  canvasModule.catch(() => {
    canvasModule = undefined;
  });
  return canvasModule;
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
  const { scale = 2 } = options;
  if (typeof scale !== 'number' || !Number.isFinite(scale) || scale < 0.1 || scale > 8) {
    throw new RangeError(`toPng: scale must be a number from 0.1 to 8, got ${String(scale)}`);
  }
  if (typeof svg !== 'string' || !/<svg[\s>]/.test(svg)) throw new Error('toPng: input is not an SVG document');
  const canvas = await loadCanvas();
  // Our attribute values never contain a double quote (el escapes it), so this matches whole values.
  const pinned = svg.replace(/font-family="[^"]*"/g, `font-family="${PNG_FAMILY}"`);
  let image: InstanceType<Canvas['Image']>;
  try {
    image = await canvas.loadImage(Buffer.from(pinned, 'utf8'));
  } catch (cause) {
    throw new Error('toPng: the SVG could not be parsed', { cause });
  }
  if (!(image.width > 0 && image.height > 0)) throw new Error('toPng: the SVG has no width and height');
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const surface = canvas.createCanvas(width, height);
  surface.getContext('2d').drawImage(image, 0, 0, width, height);
  return surface.encode('png');
}
