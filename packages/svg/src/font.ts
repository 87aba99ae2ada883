/**
 * The font stack of every text element. Verdana is what the widths are measured in (as on
 * shields.io); DejaVu Sans, whose metrics are within a few percent of Verdana's, is the fallback
 * on Linux and the font {@link toPng} ships, so PNGs look the same on every machine.
 *
 * @example
 * el('text', { 'font-family': FONT_FAMILY, 'font-size': 11 }, 'Steve');
 */
export const FONT_FAMILY = 'Verdana,Geneva,DejaVu Sans,sans-serif';
