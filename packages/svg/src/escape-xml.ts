/**
 * Characters XML 1.0 forbids outright (C0 controls other than tab, LF and CR; U+FFFE; U+FFFF)
 * plus lone surrogates, which are not characters at all. One of them anywhere makes the whole
 * document unparseable (resvg and browsers refuse it), so they are removed, never escaped:
 * XML has no escape for them either.
 */
const XML_ILLEGAL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/** The five characters with a predefined entity; `&` comes first so no entity is escaped twice. */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Makes any string safe as XML text or as a double- or single-quoted attribute value:
 * XML-illegal characters are removed, then `& < > " '` become entities.
 *
 * Every text and attribute value of this package passes through here (through {@link el}),
 * so nothing user-supplied reaches the markup raw.
 *
 * @example
 * escapeXml('Tom & "Jerry" <b>\u0001');
 * // => 'Tom &amp; &quot;Jerry&quot; &lt;b&gt;'
 */
export function escapeXml(text: string): string {
  return String(text)
    .replace(XML_ILLEGAL, '')
    .replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? '');
}
