import { PIXEL_FONT_FACES, PIXEL_FONT_WEIGHT } from './pixelFont.generated.js';

/** The family name the style sheet gives the pixel display face. */
export const PIXEL_FAMILY = 'Pixelify Sans';

/** Each subset's WOFF2 bytes by file name (decoded once), served under `/assets/<version>/`. */
export const PIXEL_FONT_FILES: ReadonlyMap<string, Uint8Array> = new Map(
  PIXEL_FONT_FACES.map((face) => [face.file, Uint8Array.from(atob(face.woff2), (c) => c.charCodeAt(0))]),
);

/**
 * The face's `@font-face` rules, one per subset with its `unicode-range`: a browser downloads a
 * subset only when a heading holds one of its characters, and draws what no subset covers (CJK,
 * a glyph the face lacks, Cyrillic) in the next font of the stack. `font-display: swap` shows the system
 * font until the face arrives. `url()` is relative to site.css, beside which the files are served.
 */
export function pixelFontCss(): string {
  return PIXEL_FONT_FACES.map(
    (face) => `@font-face{font-family:"${PIXEL_FAMILY}";font-weight:${PIXEL_FONT_WEIGHT};font-display:swap;src:url(${face.file}) format("woff2");unicode-range:${face.unicodeRange}}`,
  ).join('\n');
}
