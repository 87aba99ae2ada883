import { cleanText } from './clean-text.js';
import { textWidth, type TextWidthOptions } from './text-width.js';

/**
 * Longest input looked at, in UTF-16 code units. Nothing longer fits on a badge or card anyway,
 * and it bounds the work a hostile 1 MB label can cause.
 */
const MAX_INPUT = 1024;

const ELLIPSIS = '\u2026';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Cleans `text` ({@link cleanText}) and, when it is wider than `maxWidth` px, cuts it at a
 * grapheme boundary (an emoji sequence or a letter with its accents is never split) and ends it
 * with "…", so the result including the ellipsis fits.
 *
 * @example
 * fitText('Steve', 100); // => 'Steve'
 * fitText('A very long label that will not fit', 60); // => 'A very lo…'
 */
export function fitText(text: string, maxWidth: number, options: TextWidthOptions = {}): string {
  const clean = cleanText(String(text).slice(0, MAX_INPUT));
  if (textWidth(clean, options) <= maxWidth) return clean;
  const budget = maxWidth - textWidth(ELLIPSIS, options);
  let kept = '';
  let width = 0;
  for (const { segment } of graphemes.segment(clean)) {
    const w = textWidth(segment, options);
    if (width + w > budget) break;
    kept += segment;
    width += w;
  }
  return `${kept.trimEnd()}${ELLIPSIS}`;
}
