/**
 * Characters no display surface wants, wherever they appear: the C0 controls other than tab, LF
 * and CR (NUL and BEL included), DEL and the C1 controls, U+FFFE, U+FFFF, lone surrogates, and
 * the bidi embeddings and overrides (LRE, RLE, PDF, LRO, RLO) with the directional isolates LRI
 * and RLI. An override in a player name could make a page, a link preview or a badge read
 * differently from the text it carries ("Trojan source" spoofing); plain right-to-left text needs
 * none of them, and the marks LRM/RLM/ALM are kept. FSI and PDI are what {@link isolateText}
 * adds, so only {@link cleanText} (one value at a time) removes them.
 */
const CONTROLS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066\u2067\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Any character {@link CONTROLS} could remove (surrogates paired or not): a text without one is
 * left as it is, so a whole page is tested in one quick scan instead of trying the lookarounds
 * at each of its characters.
 */
const MAYBE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066\u2067\uFFFE\uFFFF\uD800-\uDFFF]/;

/**
 * {@link CONTROLS} without lookarounds, for a whole document: a surrogate pair (kept as it is) or
 * a character to remove, a lone surrogate included; scanned left to right, a high surrogate pairs
 * with the low one after it exactly as the lookarounds decide.
 */
const PAIR_OR_CONTROL = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066\u2067\uFFFE\uFFFF\uD800-\uDFFF]/g;

/** A pair stays, any other match goes. */
const keepPairs = (match: string): string => (match.length === 2 ? match : '');

/** What {@link cleanText} removes from one value: {@link CONTROLS} and the isolates FSI and PDI too. */
const UNWANTED = new RegExp(`${CONTROLS.source}|[\\u2068\\u2069]`, 'g');

/** A strong right-to-left character (Hebrew, Arabic, Syriac, Thaana, N'Ko… and their presentation forms). */
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

const ELLIPSIS = '\u2026';

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Removes the controls, lone surrogates, bidi embeddings and overrides of {@link CONTROLS} from
 * a whole document and nothing else (line breaks and the isolates FSI…PDI stay): the last pass
 * over a rendered page, so text that reached it by any path carries none of them.
 *
 * @example
 * removeControls('<p>a\u0000b\u202Ec</p>\n'); // => '<p>abc</p>\n'
 */
export function removeControls(text: string): string {
  const raw = String(text);
  return MAYBE_CONTROLS.test(raw) ? raw.replace(PAIR_OR_CONTROL, keepPairs) : raw;
}

/**
 * Normalises one value of display text from a user or a world save (a player name, an
 * advancement title from a data pack, a server's MOTD) before it is shown, measured or drawn:
 * unwanted controls, bidi formatting characters and lone surrogates removed, NFC, whitespace runs
 * (tabs and line breaks included: it is shown on one line) collapsed to one space, trimmed, and
 * at most `maxLength` characters (graphemes: an emoji sequence or a letter with its accents is
 * never split), the last of them "…" when it was cut. The one cleaning function of every output:
 * the website, its link previews, SVG badges and cards.
 *
 * Escaping is still the renderer's job ({@link el}, Preact); this makes text fit for display.
 *
 * @example
 * cleanText('  Steve\n\u202Eevil\u0007 ');
 * // => 'Steve evil'
 * cleanText('x'.repeat(10_000), 8);
 * // => 'xxxxxxx…'
 */
export function cleanText(text: string, maxLength = Number.POSITIVE_INFINITY): string {
  let raw = String(text);
  // Bounds the work on a hostile megabyte: whatever follows cannot be shown anyway.
  if (Number.isFinite(maxLength) && raw.length > maxLength * 16 + 64) raw = raw.slice(0, maxLength * 16 + 64);
  return capText(raw.replace(UNWANTED, ''), maxLength);
}

/**
 * Text made of cleaned values and other words (a page's description: "שלום on Blockville: …"),
 * fit for one line of at most `maxLength` characters: controls and overrides removed, NFC,
 * whitespace collapsed, cut at a grapheme boundary with "…", and an isolate (FSI) the cut left
 * open closed again (PDI). {@link cleanText} is this after also removing a value's own isolates.
 *
 * @example
 * capText('\u2068שלום עולם\u2069 on Blockville', 7); // => '\u2068שלום…\u2069'
 */
export function capText(text: string, maxLength = Number.POSITIVE_INFINITY): string {
  const clean = String(text).replace(CONTROLS, '').normalize('NFC').replace(/\s+/g, ' ').trim();
  if (clean.length <= maxLength) return clean;
  const kept: string[] = [];
  for (const { segment } of graphemes.segment(clean)) {
    kept.push(segment);
    if (kept.length > maxLength) break;
  }
  if (kept.length <= maxLength) return clean;
  const cut = `${kept.slice(0, Math.max(0, maxLength - 1)).join('').trimEnd()}${ELLIPSIS}`;
  const open = (cut.match(/\u2068/g)?.length ?? 0) - (cut.match(/\u2069/g)?.length ?? 0);
  return open > 0 ? `${cut}${'\u2069'.repeat(open)}` : cut;
}

/**
 * {@link cleanText}, then wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE
 * (U+2068…U+2069) when it holds right-to-left letters, for text embedded in other text (a page
 * title "name · server", a link preview's description, a badge's accessible label): the value's
 * direction then cannot reorder the words around it (Unicode UAX #9, isolates).
 *
 * @example
 * isolateText('Steve'); // => 'Steve'
 * isolateText('שלום'); // => '\u2068שלום\u2069'
 */
export function isolateText(text: string, maxLength = Number.POSITIVE_INFINITY): string {
  const clean = cleanText(text, maxLength);
  return RTL.test(clean) ? `\u2068${clean}\u2069` : clean;
}
