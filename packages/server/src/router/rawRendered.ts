import { corsHeaders } from '../http/cors.js';
import { rateLimitHeaders } from '../ratelimit/rateLimitHeaders.js';
import { NOT_MODIFIED_HEADERS, type RawRendered, type Rendered } from './Rendered.js';
import type { ResolvedRateLimit } from './resolveRateLimit.js';

const encoder = new TextEncoder();

/** The fast lane's copy of a remembered answer, made on first use and kept on the entry. */
export function rawRendered(entry: Rendered, rateLimit: ResolvedRateLimit | null): RawRendered {
  if (entry.raw) return entry.raw;
  const headers: Record<string, string> = {};
  entry.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const bytes = typeof entry.body === 'string' ? (entry.encoded ??= encoder.encode(entry.body)) : entry.body;
  const notModifiedHeaders: Record<string, string> = {};
  for (const name of NOT_MODIFIED_HEADERS) {
    const value = headers[name];
    if (value !== undefined) notModifiedHeaders[name] = value;
  }
  const lastModified = headers['last-modified'];
  // Every answer of an entry has the same header records but for two rate-limit values: they
  // are built once, and a limited answer copies one and sets those two. (Spreading a record
  // into a new one with more keys costs microseconds a request in V8; a same-shape copy does not.)
  const ok = { ...headers, ...corsHeaders, 'content-length': String(bytes.byteLength) };
  const notModified = { ...notModifiedHeaders, ...corsHeaders };
  const limitTemplate = rateLimit ? rateLimitHeaders(rateLimit, { count: 0, resetAt: 0 }, 0) : null;
  entry.raw = {
    bytes,
    headers,
    notModifiedHeaders,
    lastModified: lastModified !== undefined && entry.lastModifiedExact ? Date.parse(lastModified) : undefined,
    ok,
    notModified,
    limitedOk: limitTemplate ? { ...ok, ...limitTemplate } : null,
    limitedNotModified: limitTemplate ? { ...notModified, ...limitTemplate } : null,
  };
  return entry.raw;
}
