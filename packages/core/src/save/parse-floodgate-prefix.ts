/** Floodgate's shipped default for `username-prefix`. */
const DEFAULT_PREFIX = '.';

/** A YAML scalar as Floodgate's config writes it: plain, 'single' or "double" quoted. */
function scalar(text: string): string {
  const value = text.trim();
  if (value.startsWith('"')) {
    const match = /^"((?:[^"\\]|\\.)*)"/.exec(value);
    if (match === null) return value.slice(1);
    try {
      return JSON.parse(match[0]) as string;
    } catch {
      return match[1] ?? '';
    }
  }
  if (value.startsWith("'")) {
    const match = /^'((?:[^']|'')*)'/.exec(value);
    return match ? (match[1] ?? '').replace(/''/g, "'") : value.slice(1);
  }
  return value.replace(/\s+#.*$/, '').trim();
}

/**
 * Reads Floodgate's `username-prefix` from its `config.yml` (a top-level key, so a line parse is
 * enough). When the key is absent Floodgate uses its default, `.`.
 *
 * @example
 * parseFloodgatePrefix('# Floodgate\nusername-prefix: "*"\nreplace-spaces: true\n'); // '*'
 */
export function parseFloodgatePrefix(text: string): string {
  for (const line of text.split(/\r\n|\r|\n/)) {
    const match = /^username-prefix\s*:(.*)$/.exec(line);
    if (match) return scalar(match[1] ?? '');
  }
  return DEFAULT_PREFIX;
}
