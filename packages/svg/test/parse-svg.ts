// Test helper: parses SVG output with saxes, a conformant, strict XML 1.0 parser (it rejects
// XML-illegal characters, a raw `]]>`, a bare `&`, duplicate attributes, mismatched tags), and
// returns a small tree for assertions.
import { SaxesParser } from 'saxes';

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

/** Parses `xml`, throwing on the first well-formedness error. */
export function parseSvg(xml: string): XmlElement {
  const parser = new SaxesParser();
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attrs: { ...(tag.attributes as Record<string, string>) }, children: [] };
    stack.at(-1)?.children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', (text) => {
    stack.at(-1)?.children.push(text);
  });
  parser.write(xml).close();
  if (failure) throw failure;
  const [top, ...rest] = root.children.filter((c) => typeof c !== 'string' || c.trim() !== '');
  if (typeof top !== 'object' || rest.length > 0) throw new Error('expected exactly one root element');
  return top;
}

/** Every element of the tree, depth first, the root included. */
export function* elements(node: XmlElement): Generator<XmlElement> {
  yield node;
  for (const child of node.children) if (typeof child === 'object') yield* elements(child);
}

/** The concatenated text content of an element. */
export function textOf(node: XmlElement): string {
  return node.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}

/** Elements with a given name. */
export function byName(root: XmlElement, name: string): XmlElement[] {
  return [...elements(root)].filter((e) => e.name === name);
}

/** The text of every visible (non-shadow) `<text>` element, in document order. */
export function visibleTexts(root: XmlElement): string[] {
  return byName(root, 'text').filter((t) => t.attrs['aria-hidden'] !== 'true').map(textOf);
}

/** XML 1.0 `Char` production, negated: nothing here may appear anywhere in a document. */
export const XML_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
