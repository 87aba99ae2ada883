import { checkOptions } from './check-options.js';
import { el, type Markup } from './el.js';
import { isolateText } from './clean-text.js';
import { fitText } from './fit-text.js';
import { CARD_THEME, cardFrame } from './card-frame.js';
import { formatCount } from './format-count.js';
import { headPixels } from './head-pixels.js';
import { toFill } from './resolve-color.js';
import { textWidth } from './text-width.js';

/** One row of a board card: a ranked player and the value shown beside the name. */
export interface BoardCardRow {
  /** Rank on the board (ties share one). */
  rank: number;
  /** The player's name as shown (Floodgate prefix included for Bedrock players). */
  name: string;
  /** The value as display text, e.g. `"1,234"` or `"123 h 4 min"`. */
  value: string;
  /** The player's head, 8×8 pixels as 64 `rrggbb` colours (384 hex digits); omitted, no head. */
  head?: string | null;
}

/** What a board card shows: a title, a line under it, and the first rows of a board. */
export interface BoardCardData {
  /** The board's title, e.g. a statistic's title or "Hall of fame". */
  title: string;
  /** The line under the title, e.g. the server's name and the period. */
  subtitle: string;
  /** The board's first rows, best first; the card draws the first five. */
  rows: readonly BoardCardRow[];
  /** Said when `rows` is empty, e.g. "No one has this statistic yet". */
  empty?: string;
}

/** Options of {@link boardCard}. */
export interface BoardCardOptions {
  /** Accent colour: a palette name or hex (what {@link resolveColor} accepts). Default `green`. */
  color?: string;
}

const OPTION_KEYS = ['color'] as const;

/** 1.91:1, the shape link previews use; its PNG (twice the size) is 1200 × 628. */
const WIDTH = 600;
const HEIGHT = 314;
const MARGIN = 28;
const ROWS = 5;
const ROW_TOP = 108;
const ROW_HEIGHT = 38;

const THEME = CARD_THEME;

/** Rank colours of the podium; other ranks are muted. */
const PODIUM = ['#e3b341', '#c9d1d9', '#d1804b'] as const;

function row(entry: BoardCardRow, index: number): Markup {
  const y = ROW_TOP + index * ROW_HEIGHT;
  const baseline = y + 21;
  const rank = `#${formatCount(entry.rank)}`;
  const value = fitText(String(entry.value ?? ''), 200, { size: 17, bold: true });
  const valueWidth = textWidth(value, { size: 17, bold: true });
  const head = headPixels(entry.head, MARGIN + 52, y + 3, 24);
  const nameX = MARGIN + 52 + (head ? 34 : 0);
  const name = fitText(String(entry.name ?? ''), WIDTH - MARGIN - valueWidth - 20 - nameX, { size: 17 });
  return el(
    'g',
    {},
    index > 0 ? el('rect', { x: MARGIN, y: y - 4, width: WIDTH - 2 * MARGIN, height: 1, fill: THEME.border }) : null,
    el('text', { x: MARGIN, y: baseline, 'font-size': 17, 'font-weight': 'bold', fill: PODIUM[entry.rank - 1] ?? THEME.muted }, rank),
    head,
    el('text', { x: nameX, y: baseline, 'font-size': 17, fill: THEME.text }, name),
    el('text', { x: WIDTH - MARGIN, y: baseline, 'text-anchor': 'end', 'font-size': 17, 'font-weight': 'bold', fill: THEME.text }, value),
  );
}

/**
 * Renders a board's link preview: its title and subtitle over its first five rows (rank, head,
 * name, value), 600 × 314 (1.91:1), with the player card's dark theme and an accent bar. Pure
 * vector, no external reference; every text is cleaned, truncated to its slot and escaped.
 * Unknown options throw a `TypeError`.
 *
 * @example
 * const svg = boardCard({
 *   title: 'Jumps', subtitle: 'Blockville · all time',
 *   rows: [{ rank: 1, name: 'Steve', value: '12,345' }, { rank: 2, name: 'Alex', value: '9,876' }],
 * });
 * // => '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="314" … aria-label="Jumps. Blockville · all time. #1 Steve 12,345. …">'
 */
export function boardCard(data: BoardCardData, options: BoardCardOptions = {}): string {
  checkOptions('boardCard', options, OPTION_KEYS);
  if (typeof data !== 'object' || data === null || !Array.isArray(data.rows)) throw new TypeError('boardCard: data must be an object with rows');
  const accent = toFill(options.color, 'green');
  const title = fitText(String(data.title ?? ''), WIDTH - 2 * MARGIN, { size: 28, bold: true });
  const subtitle = fitText(String(data.subtitle ?? ''), WIDTH - 2 * MARGIN, { size: 15 });
  const rows = data.rows.slice(0, ROWS);
  const empty = fitText(String(data.empty ?? ''), WIDTH - 2 * MARGIN, { size: 17 });
  const accessible = [
    `${isolateText(title)}.`,
    subtitle === '' ? '' : `${isolateText(subtitle)}.`,
    ...rows.map((r) => `#${formatCount(r.rank)} ${isolateText(fitText(String(r.name ?? ''), 400))} ${fitText(String(r.value ?? ''), 200)}.`),
    rows.length === 0 && empty !== '' ? `${empty}.` : '',
  ].filter(Boolean).join(' ');

  return cardFrame(
    { width: WIDTH, height: HEIGHT, radius: 10, bar: 6, accent, clipId: 'board', label: accessible },
    el('text', { x: MARGIN, y: 52, 'font-size': 28, 'font-weight': 'bold', fill: THEME.text }, title),
    el('text', { x: MARGIN, y: 78, 'font-size': 15, fill: THEME.muted }, subtitle),
    el('rect', { x: MARGIN, y: 92, width: WIDTH - 2 * MARGIN, height: 2, fill: accent }),
    rows.length === 0 ? el('text', { x: MARGIN, y: ROW_TOP + 24, 'font-size': 17, fill: THEME.muted }, empty) : rows.map(row),
  );
}
