/**
 * A representation before the conditional-request decision: what the router's memo keeps, and
 * what {@link answer} turns into a 200 or a 304.
 */
export interface Rendered {
  body: string;
  /** For the fast lane, made on its first use (see `rawOf`). */
  raw?: RawRendered;
  /** Representation headers (content type, cache control, last-modified, etag). */
  headers: Headers;
  /** Strong ETag, or null for routes never answered 304. */
  etag: string | null;
  /** Whether Last-Modified really dates the content (If-Modified-Since is honoured). */
  lastModifiedExact: boolean;
}

/** The fast lane's copy of a {@link Rendered}: bytes and ready header records. */
export interface RawRendered {
  bytes: Uint8Array;
  headers: Record<string, string>;
  notModifiedHeaders: Record<string, string>;
  /** Last-Modified as epoch ms when it dates the content (If-Modified-Since), else undefined. */
  lastModified: number | undefined;
  /** Complete header records without rate-limit headers: 200 (with Content-Length) and 304. */
  ok: Record<string, string>;
  notModified: Record<string, string>;
  /**
   * The same with the router's RateLimit fields (Remaining and Reset to fill in per answer), or
   * null without a rate limit.
   */
  limitedOk: Record<string, string> | null;
  limitedNotModified: Record<string, string> | null;
}

/** Headers a 304 keeps (RFC 9110 §15.4.5: validators and caching, no content metadata). */
export const NOT_MODIFIED_HEADERS = ['etag', 'cache-control', 'last-modified', 'vary'] as const;
