import verdana from './data/verdana-11px.json' with { type: 'json' };

/** Sorted, non-overlapping `[first, last, width]` code point ranges (see scripts/generate-width-table.mjs). */
const ranges = verdana.ranges as unknown as ReadonlyArray<readonly [number, number, number]>;
const firsts = Int32Array.from(ranges, (r) => r[0]);

/** How much wider bold Verdana runs than regular: 1.11 to 1.13 over letters and digits in the 10 px tables. */
const BOLD_FACTOR = 1.13;

/** The size the table was measured at. */
const TABLE_SIZE = 11;

/** Options of {@link textWidth}. */
export interface TextWidthOptions {
  /** Font size in px; the table is Verdana 11 px and scales linearly. Default 11. */
  size?: number;
  /** Estimate bold text (regular widths × 1.13). Default false. */
  bold?: boolean;
}

function advance(codePoint: number): number {
  // Controls draw nothing, as in the measuring tool shields uses.
  if (codePoint <= 31 || codePoint === 127) return 0;
  let lo = 0;
  let hi = firsts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((firsts[mid] as number) <= codePoint) lo = mid + 1;
    else hi = mid - 1;
  }
  const range = ranges[hi];
  return range !== undefined && codePoint <= range[1] ? range[2] : verdana.unknownWidth;
}

/**
 * Width in px of `text` set in Verdana (11 px unless `size` says otherwise), from the advance
 * width table shipped in this package: no font is needed to measure. Code points without a
 * figure count as wide as "m", as shields.io does.
 *
 * Badges round this down, then up to the next odd integer, exactly like shields.io.
 *
 * @example
 * textWidth('players'); // => 39.96… (shields.io draws it 39 px wide)
 * textWidth('Steve', { size: 20, bold: true }); // bold 20 px, estimated
 */
export function textWidth(text: string, options: TextWidthOptions = {}): number {
  const { size = TABLE_SIZE, bold = false } = options;
  let width = 0;
  for (const ch of String(text)) width += advance(ch.codePointAt(0) as number);
  return width * (size / TABLE_SIZE) * (bold ? BOLD_FACTOR : 1);
}
