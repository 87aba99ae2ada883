import { escapeXml } from './escape-xml.js';

const MARKUP = Symbol('blockstats.markup');

/**
 * A piece of markup built by {@link el}. Only `el` creates one, so holding a `Markup` means every
 * text and attribute value inside it has been escaped. Strings are never trusted as markup.
 */
export interface Markup {
  readonly [MARKUP]: true;
  /** The serialized XML. */
  readonly xml: string;
  toString(): string;
}

/** An attribute value; `null`, `undefined` and `false` leave the attribute out. */
export type AttrValue = string | number | null | undefined | false;

/** A child of an element: markup is inserted as is, strings and numbers are escaped as text. */
export type Child = Markup | string | number | null | undefined | false | readonly Child[];

/**
 * Element and attribute names are always literals in this package's code; the check turns a
 * programming mistake into a clear error instead of broken or injectable markup.
 */
const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

function markup(xml: string): Markup {
  return { [MARKUP]: true, xml, toString: () => xml };
}

function formatValue(value: string | number, where: string): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${where} must be a finite number, got ${value}`);
    // Two decimals are plenty for pixel geometry and keep 0.1 + 0.2 noise out of the output.
    return String(Math.round(value * 100) / 100);
  }
  return escapeXml(value);
}

function renderChildren(children: readonly Child[], out: string[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) renderChildren(child as readonly Child[], out);
    else if (typeof child === 'object') out.push((child as Markup).xml);
    else out.push(formatValue(child as string | number, 'text'));
  }
}

/**
 * The one element builder: every SVG element of this package is made here. Attribute values and
 * text children are escaped (XML-illegal characters removed, `& < > " '` as entities), nested
 * `el` results are inserted as markup, and an element without children is self-closing.
 *
 * @example
 * el('text', { x: 10, fill: '#fff' }, 'a < b').xml;
 * // => '<text x="10" fill="#fff">a &lt; b</text>'
 * el('g', {}, el('rect', { width: 4, height: null })).xml;
 * // => '<g><rect width="4"/></g>'
 */
export function el(name: string, attrs: Readonly<Record<string, AttrValue>> = {}, ...children: Child[]): Markup {
  if (!NAME.test(name)) throw new TypeError(`invalid element name ${JSON.stringify(name)}`);
  let open = `<${name}`;
  for (const [key, value] of Object.entries(attrs)) {
    if (!NAME.test(key)) throw new TypeError(`invalid attribute name ${JSON.stringify(key)}`);
    if (value === null || value === undefined || value === false) continue;
    open += ` ${key}="${formatValue(value, `attribute ${key}`)}"`;
  }
  const inner: string[] = [];
  renderChildren(children, inner);
  return markup(inner.length === 0 ? `${open}/>` : `${open}>${inner.join('')}</${name}>`);
}
