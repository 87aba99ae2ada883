/**
 * What display text loses before anything else: characters XML forbids (C0 controls other than
 * tab, LF and CR; U+FFFE; U+FFFF; lone surrogates), DEL and the C1 controls, and the Unicode bidi
 * embeddings, overrides and isolates. An override in a player name could make a badge read
 * differently from the text it carries ("Trojan source" spoofing); plain right-to-left text needs
 * none of them, and the marks LRM/RLM/ALM are kept.
 */
const UNWANTED =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Normalises display text from a user or a world save before it is measured and drawn:
 * unwanted controls and lone surrogates removed, NFC, whitespace runs (tabs and line breaks
 * included: a badge is one line) collapsed to one space, trimmed.
 *
 * Escaping is still {@link el}'s job; this makes text fit for one line of an image.
 *
 * @example
 * cleanText('  Steve\n\u202Eevil\u0007 ');
 * // => 'Steve evil'
 */
export function cleanText(text: string): string {
  return String(text).replace(UNWANTED, '').normalize('NFC').replace(/\s+/g, ' ').trim();
}
