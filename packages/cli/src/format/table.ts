import type { Colors } from './color.js';

/** One column of a text table. */
export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
  align?: 'left' | 'right';
  /** Style applied to this column's cells on a colour terminal. */
  style?: Parameters<Colors['paint']>[0];
  /** False for cells that are useless cut short (UUIDs, ids). Default true. */
  truncate?: boolean;
}

// Wide characters (CJK, emoji) take two terminal cells; combining marks take none. This is an
// approximation good enough for names and stat titles, without a dependency.
const wide = /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F300}-\u{1FAFF}\u{20000}-\u{3FFFD}]/u;
const zeroWidth = /[\u0300-\u036F\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFE00-\uFE0F]/u;
// Control characters from a save (names are user data) must not reach the terminal.
const control = /[\u0000-\u001F\u007F-\u009F]/gu;

/** Terminal cells a string occupies. */
export function cellWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += zeroWidth.test(ch) ? 0 : wide.test(ch) ? 2 : 1;
  return width;
}

/** Removes terminal control characters (escape sequences in player names, for example). */
export function sanitize(text: string): string {
  return text.replace(control, '');
}

function truncate(text: string, max: number): string {
  if (cellWidth(text) <= max) return text;
  let out = '';
  let width = 0;
  for (const ch of text) {
    const w = cellWidth(ch);
    if (width + w > max - 1) break;
    out += ch;
    width += w;
  }
  return `${out}…`;
}

function pad(text: string, width: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, width - cellWidth(text)));
  return align === 'right' ? fill + text : text + fill;
}

/**
 * Renders rows as an aligned text table with a header line. Cells are sanitised; columns wider
 * than `maxCell` are truncated with an ellipsis.
 */
export function table<Row>(rows: readonly Row[], columns: readonly Column<Row>[], colors: Colors, maxCell = 40): string {
  const cells = rows.map((row) => columns.map((c) => (c.truncate === false ? sanitize(c.value(row)) : truncate(sanitize(c.value(row)), maxCell))));
  const widths = columns.map((c, i) => Math.max(cellWidth(c.header), ...cells.map((r) => cellWidth(r[i] ?? ''))));
  const header = columns
    .map((c, i) => colors.paint('bold', pad(c.header, widths[i] ?? 0, c.align ?? 'left')))
    .join('  ')
    .trimEnd();
  const lines = cells.map((r) =>
    columns
      .map((c, i) => {
        const text = pad(r[i] ?? '', widths[i] ?? 0, c.align ?? 'left');
        return c.style ? colors.paint(c.style, text) : text;
      })
      .join('  ')
      .trimEnd(),
  );
  return `${[header, ...lines].join('\n')}\n`;
}
