/**
 * A representation before the conditional-request decision: what the router's memo keeps, and
 * what {@link answer} turns into a 200 or a 304.
 */
export interface Rendered {
  /** Text, or bytes (a PNG card). */
  body: string | Uint8Array;
  /** For the fast lane, made on its first use (see `rawRendered`). */
  raw?: RawRendered;
  /** A text body as UTF-8, encoded on first use, so a remembered answer is not encoded again. */
  encoded?: Uint8Array;
  /** Representation headers (content type, cache control, last-modified, etag). */
  headers: Headers;
  /** Strong ETag, or null for routes never answered 304. */
  etag: string | null;
  /** Whether Last-Modified really dates the content (If-Modified-Since is honoured). */
  lastModifiedExact: boolean;
  /**
   * A page of the website: a request whose Accept header prefers JSON gets the API's
   * `unversioned-path` problem instead, so the fast lane must leave such a request to `fetch`.
   */
  html?: boolean;
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
