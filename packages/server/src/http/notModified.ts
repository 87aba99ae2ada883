/** Strips the weak prefix: If-None-Match uses the weak comparison (RFC 9110 §13.1.2). */
const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * Whether a GET/HEAD may be answered 304 (RFC 9110 §13.1.2, §13.1.3): `If-None-Match` (a list,
 * `*`, weak tags compared weakly) decides when present; otherwise `If-Modified-Since` against
 * `Last-Modified`, both truncated to whole seconds.
 *
 * @example
 * notModified(new Headers({ 'if-none-match': 'W/"a", "b"' }), { etag: '"a"' }); // true
 */
export function notModified(headers: Pick<Headers, 'get'>, current: { etag?: string | undefined; lastModified?: number | undefined }): boolean {
  const ifNoneMatch = headers.get('if-none-match');
  if (ifNoneMatch !== null) {
    if (current.etag === undefined) return false;
    if (ifNoneMatch.trim() === '*') return true;
    const tags = ifNoneMatch.match(/(W\/)?"[^"]*"/g) ?? [];
    return tags.some((tag) => opaque(tag) === opaque(current.etag!));
  }
  const ifModifiedSince = headers.get('if-modified-since');
  if (ifModifiedSince !== null && current.lastModified !== undefined) {
    const since = Date.parse(ifModifiedSince);
    return Number.isFinite(since) && Math.floor(current.lastModified / 1000) <= Math.floor(since / 1000);
  }
  return false;
}
