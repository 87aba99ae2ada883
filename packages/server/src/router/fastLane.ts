import type { ActivityRecord, Snapshot } from '@blockstats/core';
import { clientAddress } from '../http/clientAddress.js';
import { corsHeaders } from '../http/cors.js';
import { notModified } from '../http/notModified.js';
import { MemoryRateLimitStore } from '../ratelimit/MemoryRateLimitStore.js';
import { rateLimitHeaders } from '../ratelimit/rateLimitHeaders.js';
import type { RateLimitState } from '../ratelimit/RateLimitStore.js';
import type { RawRequest, RawResponse } from './CachedAnswer.js';
import { NOT_MODIFIED_HEADERS, type RawRendered, type Rendered } from './Rendered.js';
import type { ResolvedRateLimit } from './resolveRateLimit.js';
import type { ResponseMemo } from './responseMemo.js';
import type { RouterOptions } from './RouterOptions.js';
import { prefersJson } from '../site/negotiate.js';
import { recordMemoKey } from '../site/memoKey.js';

/** What the fast lane shares with the router that made it. */
export interface FastLaneContext {
  memo: ResponseMemo | null;
  rateLimit: ResolvedRateLimit | null;
  trusted: (address: string) => boolean;
  options: RouterOptions;
  clock: () => number;
}

/** Characters a request target keeps as they are through `new URL` (no percent-encoding). */
const PLAIN_TARGET = /^\/[\w\-.~!$&'()*+,;=:@/%]*(?:\?[\w\-.~!$&'()*+,;=:@/%?]*)?$/;
/** A dot segment (`/./`, `/../`, also percent-encoded) that `new URL` would resolve. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?]|$)/i;

/** A request target already in the form `new URL` gives it, so that it can key the memo. */
function plainTarget(target: string): boolean {
  return PLAIN_TARGET.test(target) && !target.startsWith('//') && ((!target.includes('/.') && !target.includes('%')) || !DOT_SEGMENT.test(target));
}

const encoder = new TextEncoder();

/** The fast lane's copy of a remembered answer, made on first use and kept on the entry. */
function rawOf(entry: Rendered): RawRendered {
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
  entry.raw = {
    bytes,
    headers,
    notModifiedHeaders,
    lastModified: lastModified !== undefined && entry.lastModifiedExact ? Date.parse(lastModified) : undefined,
    // Without a rate limit every answer of an entry is the same: its header records are built once.
    ok: { ...headers, ...corsHeaders, 'content-length': String(bytes.byteLength) },
    notModified: { ...notModifiedHeaders, ...corsHeaders },
  };
  return entry.raw;
}

/**
 * The router's `answerCached` (see `BlockstatsRouter.answerCached`): a remembered answer for the
 * current generation, without Request, Headers or Response objects, or null whenever the fetch
 * path must decide.
 */
export function fastLane(context: FastLaneContext): (raw: RawRequest) => RawResponse | null {
  const { memo, rateLimit, trusted, options, clock } = context;
  const baseUrlOption = options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : null;
  /** Host header → origin, as `new URL` normalises it (case, default ports); a few at most. */
  const origins = new Map<string, string | null>();
  const originOf = (scheme: string, host: string): string | null => {
    const key = `${scheme}://${host}`;
    let origin = origins.get(key);
    if (origin === undefined) {
      try {
        origin = new URL(`${key}/`).origin;
      } catch {
        origin = null;
      }
      if (origins.size >= 64) origins.clear();
      origins.set(key, origin);
    }
    return origin;
  };

  return (raw) => {
    if (!memo || memo.generation === null) return null;
    if (raw.method !== 'GET' && raw.method !== 'HEAD') return null;
    // Anything the fetch path decides from the Request itself stays with it.
    if (options.getClientAddress || !plainTarget(raw.target)) return null;
    const peer = raw.remoteAddress;
    if (peer !== undefined && trusted(peer)) return null;
    const snapshot = options.snapshot();
    if (!snapshot || typeof (snapshot as Promise<unknown>).then === 'function' || (snapshot as Snapshot).generation !== memo.generation) return null;
    const origin = baseUrlOption ?? originOf(raw.scheme, raw.host);
    if (origin === null) return null;
    let entry = memo.get(origin + raw.target);
    if (!entry && options.site) {
      // A website page that shows the activity record is keyed with the record's state too.
      const record = options.record ? options.record() : null;
      if (record && typeof (record as Promise<unknown>).then === 'function') return null;
      entry = memo.get(`${origin}${raw.target}#${recordMemoKey(record as ActivityRecord | null)}`);
    }
    if (!entry) return null;
    if (entry.html && prefersJson(raw.header('accept'))) return null;

    const now = rateLimit ? clock() : 0;
    let limitState: RateLimitState | null = null;
    let limitKey = '';
    if (rateLimit) {
      // Only the built-in store answers synchronously; a shared store goes through fetch.
      if (!(rateLimit.store instanceof MemoryRateLimitStore)) return null;
      limitKey = clientAddress(peer, raw.header('x-forwarded-for'), trusted);
      limitState = rateLimit.store.hit(limitKey, now, rateLimit.windowSeconds * 1000);
      if (limitState.count > rateLimit.limit) {
        rateLimit.store.undo(limitKey, now); // fetch counts it and answers the 429
        return null;
      }
    }

    const prepared = rawOf(entry);
    let fresh = false;
    if (entry.etag !== null) {
      const ifNoneMatch = raw.header('if-none-match');
      // The common revalidation (the tag as sent) needs no list parsing.
      fresh = ifNoneMatch === entry.etag || notModified({ get: (name) => (name === 'if-none-match' ? ifNoneMatch : raw.header(name)) }, {
        etag: entry.etag,
        lastModified: prepared.lastModified,
      });
    }
    const head = raw.method === 'HEAD';
    if (!limitState || !rateLimit) {
      return fresh
        ? { status: 304, headers: prepared.notModified, body: null }
        : { status: 200, headers: prepared.ok, body: head ? null : prepared.bytes };
    }
    if (fresh) {
      // DECISIONS 19: a 304 costs nothing.
      rateLimit.store.undo(limitKey, now);
      limitState = { ...limitState, count: limitState.count - 1 };
    }
    const headers = { ...(fresh ? prepared.notModified : prepared.ok), ...rateLimitHeaders(rateLimit, limitState, now) };
    return { status: fresh ? 304 : 200, headers, body: fresh || head ? null : prepared.bytes };
  };
}
