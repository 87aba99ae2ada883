import { checkOptions } from './check-options.js';
import { el } from './el.js';
import { isolateText } from './clean-text.js';
import { fitText } from './fit-text.js';
import { FONT_FAMILY } from './font.js';
import { toFill } from './resolve-color.js';
import { textColorOn } from './text-color-on.js';
import { textWidth } from './text-width.js';

/** Options of {@link badge}. */
export interface BadgeOptions {
  /** Left part, e.g. the player name. Empty or missing draws the message alone. */
  label?: string;
  /** Right part, e.g. `3/20` or `1,204 h`. */
  message: string;
  /**
   * Message background: a palette name or a hex value with or without `#` (what
   * {@link resolveColor} accepts or returns). Anything else draws `blue`; never echoed.
   */
  color?: string;
  /** Label background, same rule; default shields.io's `#555`. */
  labelColor?: string;
}

const OPTION_KEYS = ['label', 'message', 'color', 'labelColor'] as const;

/** Badge height in px (shields.io flat). */
const HEIGHT = 20;
/** Space left and right of each text. */
const PADDING = 5;
/** Widest text a part may take: a 500-character label still gives a sensible badge. */
export const MAX_PART_WIDTH = 240; // exported for tests only
/** shields.io's label grey. */
const LABEL_GREY = '#555555';

/** shields.io rounds widths to odd integers, which centres the text on the pixel grid. */
function preferredWidth(text: string): number {
  const w = Math.trunc(textWidth(text));
  return w % 2 === 0 ? w + 1 : w;
}

/**
 * One part's text: a shadow copy 1 px lower, then the text. Text is laid out at 10× (font-size 110,
 * scale .1) as shields.io does, so positions stay integers; `textLength` pins the width the layout
 * was measured for, whichever font the viewer has.
 */
function partText(text: string, left: number, width: number, background: string) {
  if (text === '') return null;
  const colors = textColorOn(background);
  const x = 10 * (left + 0.5 * width + PADDING);
  const common = { x, transform: 'scale(.1)', textLength: 10 * width };
  return [
    el('text', { 'aria-hidden': 'true', ...common, y: 150, fill: colors.shadow, 'fill-opacity': '.3' }, text),
    el('text', { ...common, y: 140, fill: colors.text }, text),
  ];
}

/**
 * Renders a badge in shields.io's flat style: label on grey, message on a colour, Verdana 11 px
 * widths from the package's metrics table (so a badge is exactly as wide as shields.io's), with
 * `<title>`, `role="img"` and `aria-label`. Text is cleaned, truncated to 240 px with "…", and
 * escaped. Unknown options throw a `TypeError`.
 *
 * @example
 * const svg = badge({ label: 'players', message: '3/20', color: 'green' });
 * // => '<svg xmlns="http://www.w3.org/2000/svg" width="84" height="20" role="img" aria-label="players: 3/20">…'
 */
export function badge(options: BadgeOptions): string {
  checkOptions('badge', options, OPTION_KEYS);
  if (typeof options.message !== 'string') throw new TypeError('badge: message must be a string');
  for (const key of ['label', 'color', 'labelColor'] as const) {
    const value = options[key];
    if (value !== undefined && typeof value !== 'string') throw new TypeError(`badge: ${key} must be a string`);
  }
  const label = fitText(options.label ?? '', MAX_PART_WIDTH);
  const message = fitText(options.message, MAX_PART_WIDTH);
  const color = toFill(options.color, 'blue');
  const labelColor = options.labelColor === undefined ? LABEL_GREY : toFill(options.labelColor, 'grey');

  const hasLabel = label !== '';
  const labelWidth = hasLabel ? preferredWidth(label) : 0;
  const leftWidth = hasLabel ? labelWidth + 2 * PADDING : 0;
  const messageWidth = preferredWidth(message);
  const rightWidth = messageWidth + 2 * PADDING;
  const width = leftWidth + rightWidth;
  // shields.io's margins: the message text starts 1 px left of its box when a label precedes it.
  const messageLeft = hasLabel ? leftWidth - 1 : 0;
  // Isolated, so a right-to-left label cannot reorder the message after it when read out.
  const accessible = hasLabel ? `${isolateText(label)}: ${isolateText(message)}` : message;

  return el(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', width, height: HEIGHT, role: 'img', 'aria-label': accessible },
    el('title', {}, accessible),
    el(
      'linearGradient',
      { id: 's', x2: 0, y2: '100%' },
      el('stop', { offset: 0, 'stop-color': '#bbb', 'stop-opacity': '.1' }),
      el('stop', { offset: 1, 'stop-opacity': '.1' }),
    ),
    el('clipPath', { id: 'r' }, el('rect', { width, height: HEIGHT, rx: 3, fill: '#fff' })),
    el(
      'g',
      { 'clip-path': 'url(#r)' },
      el('rect', { width: leftWidth, height: HEIGHT, fill: hasLabel ? labelColor : color }),
      el('rect', { x: leftWidth, width: rightWidth, height: HEIGHT, fill: color }),
      el('rect', { width, height: HEIGHT, fill: 'url(#s)' }),
    ),
    el(
      'g',
      { fill: '#fff', 'text-anchor': 'middle', 'font-family': FONT_FAMILY, 'text-rendering': 'geometricPrecision', 'font-size': 110 },
      partText(label, 1, labelWidth, labelColor),
      partText(message, messageLeft, messageWidth, color),
    ),
  ).xml;
}
