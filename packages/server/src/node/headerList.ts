import type { OutgoingHeaders } from './compressAnswer.js';

/**
 * `headers` with the values of `set` added or replacing theirs, as the flat name/value list
 * `res.writeHead` takes (`['content-type', 'text/html', 'vary', 'Accept-Encoding', ...]`):
 * neither record is copied or modified, and a header shared between answers stays shared.
 *
 * @example
 * headerList({ etag: '"a"', 'content-type': 'text/html' }, { etag: '"a-br"' });
 * // ['content-type', 'text/html', 'etag', '"a-br"']
 */
export function headerList(headers: Readonly<OutgoingHeaders>, set: Readonly<Record<string, string>> | null): Array<string | string[]> {
  const list: Array<string | string[]> = [];
  for (const name in headers) if (set === null || !(name in set)) list.push(name, headers[name]!);
  if (set !== null) for (const name in set) list.push(name, set[name]!);
  return list;
}
