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

/**
 * Flattens a server-list `description` (a text component: a string, an array, or an object with
 * `text`/`translate`/`score`/`selector`/`keybind` and `extra`) to plain text, the way the game
 * would show it without colours: every part concatenated, legacy `§` codes stripped, `\n` kept.
 *
 * Written by hand because the common library flattener drops bare-string `extra` entries, the
 * line break between the two MOTD lines, `with` arguments and root arrays (research notes 1.1).
 *
 * @example
 * flattenMotd({ text: '', extra: [{ text: 'My ', bold: true }, 'Server', '\n', '§cline two'] })
 * // 'My Server\nline two'
 */
export function flattenMotd(description: unknown): string {
  return stripLegacyCodes(componentText(description, 0)).replace(/\r\n?/g, '\n');
}

function componentText(node: unknown, depth: number): string {
  if (depth > MAX_DEPTH || node === null || node === undefined) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (Array.isArray(node)) return node.map((part) => componentText(part, depth + 1)).join('');
  if (typeof node !== 'object') return '';

  const component = node as Record<string, unknown>;
  const extra = Array.isArray(component['extra'])
    ? component['extra'].map((part) => componentText(part, depth + 1)).join('')
    : '';
  return ownText(component, depth) + extra;
}

/** The component's own content, before its `extra` children. */
function ownText(component: Record<string, unknown>, depth: number): string {
  const text = component['text'];
  if (typeof text === 'string' || typeof text === 'number' || typeof text === 'boolean') return String(text);

  const translate = component['translate'];
  if (typeof translate === 'string') {
    // We hold no translation tables, so every key is "unknown" to us: the game then shows the
    // `fallback` when given, otherwise the key itself, with the arguments substituted.
    const fallback = component['fallback'];
    const pattern = typeof fallback === 'string' ? fallback : translate;
    const args = Array.isArray(component['with']) ? component['with'] : [];
    let next = 0;
    return pattern.replace(FORMAT_ARG, (_match, position: string | undefined, kind: string) => {
      if (kind === '%') return '%';
      const index = position === undefined ? next++ : Number(position) - 1;
      return componentText(args[index], depth + 1);
    });
  }

  const score = component['score'];
  if (score !== null && typeof score === 'object') {
    const value = (score as Record<string, unknown>)['value'];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  for (const key of ['selector', 'keybind'] as const) {
    const value = component[key];
    if (typeof value === 'string') return value;
  }
  return '';
}
