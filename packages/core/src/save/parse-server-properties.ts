const ESCAPES: Readonly<Record<string, string>> = { t: '\t', n: '\n', r: '\r', f: '\f' };

/** Undoes Java `Properties` escapes: `\t`, `\n`, `\uXXXX`, `\:` and so on. */
function unescape(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, code: string) =>
    code.length === 5 ? String.fromCharCode(parseInt(code.slice(1), 16)) : (ESCAPES[code] ?? code),
  );
}

/** Joins `\`-continued lines, as `java.util.Properties` does. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let pending: string | null = null;
  for (const physical of text.split(/\r\n|\r|\n/)) {
    const line: string = pending === null ? physical : pending + physical.trimStart();
    const trailing = /\\+$/.exec(line)?.[0].length ?? 0;
    if (trailing % 2 === 1) {
      pending = line.slice(0, -1);
      continue;
    }
    pending = null;
    lines.push(line);
  }
  if (pending !== null) lines.push(pending);
  return lines;
}

/**
 * Parses `server.properties` (Java properties syntax: `key=value` or `key: value`, `#`/`!`
 * comments, backslash escapes and continuation lines). Later keys win, as in Java.
 *
 * @example
 * parseServerProperties('#Minecraft server properties\nlevel-name=survival\nmotd=Hello\\u0021');
 * // { 'level-name': 'survival', motd: 'Hello!' }
 */
export function parseServerProperties(text: string): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const raw of logicalLines(text.replace(/^\uFEFF/, ''))) {
    const line = raw.trimStart();
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    // The key ends at the first unescaped `=`, `:` or whitespace.
    const match = /^((?:\\.|[^=:\s\\])*)\s*[=:]?\s*(.*)$/.exec(line);
    if (match === null) continue;
    const key = unescape(match[1] ?? '');
    if (key === '') continue;
    properties[key] = unescape(match[2] ?? '');
  }
  return properties;
}
