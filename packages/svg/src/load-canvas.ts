import { fileURLToPath } from 'node:url';

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

/** The @napi-rs/canvas module. */
export type Canvas = typeof import('@napi-rs/canvas');
let canvasModule: Promise<Canvas> | undefined;

/**
 * Loads @napi-rs/canvas on first use only: the SVG functions stay free of the native module, so
 * importing `@blockstats/svg/png` costs nothing until a PNG is rendered, and registers the shipped
 * fonts once.
 */
export function loadCanvas(): Promise<Canvas> {
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
 * Checks what `caller` was given (an SVG string and a scale from 0.1 to 8, default 2) and returns
 * the scale: a `RangeError` for a bad scale, an `Error` for input that is not an SVG.
 */
export function checkPngInput(caller: string, svg: unknown, options: { scale?: number }): number {
  const { scale = 2 } = options;
  if (typeof scale !== 'number' || !Number.isFinite(scale) || scale < 0.1 || scale > 8) {
    throw new RangeError(`${caller}: scale must be a number from 0.1 to 8, got ${String(scale)}`);
  }
  if (typeof svg !== 'string' || !/<svg[\s>]/.test(svg)) throw new Error(`${caller}: input is not an SVG document`);
  return scale;
}

/** The SVG with every `font-family` pointed at the shipped font. */
export function pinFont(svg: string): string {
  // Our attribute values never contain a double quote (el escapes it), so this matches whole values.
  return svg.replace(/font-family="[^"]*"/g, `font-family="${PNG_FAMILY}"`);
}
