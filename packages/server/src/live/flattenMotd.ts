import { capText, MAX_MOTD_LENGTH } from './statusBounds.js';

/**
 * Legacy formatting: the game drops `§` together with the character after it, whatever that
 * character is (colour `0-9a-f`, style `k-o`, reset `r`, and the `x` of the Bungee/Spigot hex
 * run `§x§r§r§g§g§b§b`, whose digits are themselves `§`-prefixed). A `\n` after a stray `§` is
 * kept so a two-line MOTD stays two lines; the `u` flag keeps surrogate pairs whole.
 */
const LEGACY_CODE = /\u00A7[^\n]?/gu;

/** Nesting beyond this is ignored: a status JSON is ≤ 32767 chars but can nest deeply. */
const MAX_DEPTH = 64;

/** `%s`, positional `%2$s` and the escaped `%%` of Java's `String.format` as the game uses it. */
const FORMAT_ARG = /%(?:(\d+)\$)?([s%])/g;

/** Strips legacy `§` formatting codes from a string, keeping line breaks. */
export function stripLegacyCodes(text: string): string {
  return text.replace(LEGACY_CODE, '');
}

/** Components visited at most: `with` arguments can be referenced any number of times, so a small document can describe an exponential tree. */
const MAX_NODES = 10_000;

/** Where the flattened text goes, with what is left of the budgets. */
interface Output {
  parts: string[];
  /** Characters still allowed. */
  chars: number;
  /** Components still allowed. */
  nodes: number;
}

/**
 * Flattens a server-list `description` (a text component: a string, an array, or an object with
 * `text`/`translate`/`score`/`selector`/`keybind` and `extra`) to plain text, the way the game
 * would show it without colours: every part concatenated, legacy `§` codes stripped, `\n` kept.
 * At most `maxLength` characters (default 1,024) come out, and at most 10,000 components are
 * visited: a hostile server can make `translate` arguments repeat themselves exponentially.
 *
 * Written by hand because the common library flattener drops bare-string `extra` entries, the
 * line break between the two MOTD lines, `with` arguments and root arrays (research notes 1.1).
 *
 * @example
 * flattenMotd({ text: '', extra: [{ text: 'My ', bold: true }, 'Server', '\n', '§cline two'] })
 * // 'My Server\nline two'
 */
export function flattenMotd(description: unknown, maxLength = MAX_MOTD_LENGTH): string {
  // Room for the codes stripped afterwards: the cap applies again to the clean text.
  const out: Output = { parts: [], chars: maxLength * 2, nodes: MAX_NODES };
  componentText(description, 0, out);
  return capText(stripLegacyCodes(out.parts.join('')).replace(/\r\n?/g, '\n'), maxLength);
}

function emit(out: Output, text: string): void {
  if (out.chars <= 0 || text === '') return;
  let part = text;
  if (text.length > out.chars) {
    // Never end inside a surrogate pair.
    const end = out.chars - (isHighSurrogate(text.charCodeAt(out.chars - 1)) ? 1 : 0);
    part = text.slice(0, end);
    out.chars = part.length; // spent below: nothing more fits
  }
  out.parts.push(part);
  out.chars -= part.length;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function componentText(node: unknown, depth: number, out: Output): void {
  if (depth > MAX_DEPTH || node === null || node === undefined || out.chars <= 0 || out.nodes-- <= 0) return;
  if (typeof node === 'string') return emit(out, node);
  if (typeof node === 'number' || typeof node === 'boolean') return emit(out, String(node));
  if (Array.isArray(node)) {
    for (const part of node) componentText(part, depth + 1, out);
    return;
  }
  if (typeof node !== 'object') return;

  const component = node as Record<string, unknown>;
  ownText(component, depth, out);
  if (Array.isArray(component['extra'])) {
    for (const part of component['extra']) componentText(part, depth + 1, out);
  }
}

/** The component's own content, before its `extra` children. */
function ownText(component: Record<string, unknown>, depth: number, out: Output): void {
  const text = component['text'];
  if (typeof text === 'string' || typeof text === 'number' || typeof text === 'boolean') return emit(out, String(text));

  const translate = component['translate'];
  if (typeof translate === 'string') {
    // We hold no translation tables, so every key is "unknown" to us: the game then shows the
    // `fallback` when given, otherwise the key itself, with the arguments substituted.
    const fallback = component['fallback'];
    const pattern = typeof fallback === 'string' ? fallback : translate;
    const args = Array.isArray(component['with']) ? component['with'] : [];
    let next = 0;
    let from = 0;
    for (const match of pattern.matchAll(FORMAT_ARG)) {
      if (out.chars <= 0) return;
      emit(out, pattern.slice(from, match.index));
      from = match.index + match[0].length;
      if (match[2] === '%') {
        emit(out, '%');
        continue;
      }
      const index = match[1] === undefined ? next++ : Number(match[1]) - 1;
      componentText(args[index], depth + 1, out);
    }
    return emit(out, pattern.slice(from));
  }

  const score = component['score'];
  if (score !== null && typeof score === 'object') {
    const value = (score as Record<string, unknown>)['value'];
    if (typeof value === 'string' || typeof value === 'number') return emit(out, String(value));
  }
  for (const key of ['selector', 'keybind'] as const) {
    const value = component[key];
    if (typeof value === 'string') return emit(out, value);
  }
}
