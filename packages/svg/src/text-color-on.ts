/** Text colours for a background, with the matching shadow colour of the flat badge style. */
export interface TextColors {
  text: string;
  shadow: string;
}

const LIGHT: TextColors = Object.freeze({ text: '#fff', shadow: '#010101' });
const DARK: TextColors = Object.freeze({ text: '#333', shadow: '#ccc' });

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel(n >> 16) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

const WHITE = luminance('#ffffff');
const DARK_GREY = luminance('#333333');

/**
 * Picks white or dark grey text for a `#rrggbb` background, whichever has the higher WCAG
 * contrast ratio (white on a tie). shields.io uses a brightness threshold instead, which puts
 * white text on yellows where it is hard to read.
 *
 * @example
 * textColorOn('#0072b8').text; // => '#fff'
 * textColorOn('#d29922').text; // => '#333'
 */
export function textColorOn(background: string): TextColors {
  const bg = luminance(background);
  const onWhite = (WHITE + 0.05) / (bg + 0.05);
  const onDark = (bg + 0.05) / (DARK_GREY + 0.05);
  return onDark > onWhite ? DARK : LIGHT;
}
