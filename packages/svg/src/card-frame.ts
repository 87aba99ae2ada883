import { el, type Child } from './el.js';
import { FONT_FAMILY } from './font.js';

/**
 * The cards' own dark background and border, so they read the same on light and dark pages;
 * text colours are GitHub's dark theme (contrast ≥ 6:1 on the background).
 */
export const CARD_THEME = {
  background: '#161b22',
  border: '#30363d',
  text: '#f0f6fc',
  muted: '#9198a1',
  track: '#30363d',
} as const;

/** The shape of a card's frame. */
export interface CardFrame {
  width: number;
  height: number;
  /** Corner radius. */
  radius: number;
  /** Height of the accent bar along the top. */
  bar: number;
  accent: string;
  /** The clip path's id (unique per card kind, so two cards inline on one page do not clash). */
  clipId: string;
  /** The accessible name: the `aria-label` and the `<title>`. */
  label: string;
}

/**
 * An SVG card: the dark background with rounded corners, the accent bar along the top, a
 * hairline border, and `content` in the cards' font, as the serialised document.
 *
 * @example
 * cardFrame({ width: 500, height: 184, radius: 8, bar: 4, accent: '#0072b8', clipId: 'card', label: 'Steve' }, el('text', {}, 'Steve'));
 */
export function cardFrame(frame: CardFrame, ...content: Child[]): string {
  const { width, height, radius, bar, accent, clipId, label } = frame;
  return el(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label },
    el('title', {}, label),
    el('clipPath', { id: clipId }, el('rect', { width, height, rx: radius })),
    el(
      'g',
      { 'clip-path': `url(#${clipId})` },
      el('rect', { width, height, fill: CARD_THEME.background }),
      el('rect', { width, height: bar, fill: accent }),
    ),
    el('rect', { x: 0.5, y: 0.5, width: width - 1, height: height - 1, rx: radius - 0.5, fill: 'none', stroke: CARD_THEME.border }),
    el('g', { 'font-family': FONT_FAMILY, 'text-rendering': 'geometricPrecision' }, ...content),
  ).xml;
}
