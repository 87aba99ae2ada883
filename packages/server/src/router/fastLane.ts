import type { ActivityRecord, Snapshot } from '@blockstats/core';
import { clientAddress } from '../http/clientAddress.js';
import { notModified } from '../http/notModified.js';
import { forwardedOrigin } from '../http/publicOrigin.js';
import { MemoryRateLimitStore } from '../ratelimit/MemoryRateLimitStore.js';
import { rateLimitRemaining, secondsUntil } from '../ratelimit/rateLimitHeaders.js';
import type { RateLimitState } from '../ratelimit/RateLimitStore.js';
import type { RawRequest, RawResponse } from './CachedAnswer.js';
import { rawRendered } from './rawRendered.js';
import { serverViewLookup } from './serverViewLookup.js';
import type { Rendered } from './Rendered.js';
import type { ResolvedRateLimit } from './resolveRateLimit.js';
import type { ResponseMemo } from './responseMemo.js';
import type { RouterOptions } from './RouterOptions.js';
import { prefersJson } from '../site/negotiate.js';
import { recordMemoKeys } from '../site/memoKey.js';
import { apiLanguages } from '../i18n/apiLanguage.js';
import { negotiateLanguage } from '../i18n/negotiateLanguage.js';

/** What the fast lane shares with the router that made it. */
export interface FastLaneContext {
  memo: ResponseMemo | null;
  rateLimit: ResolvedRateLimit | null;
  trusted: (address: string) => boolean;
  options: RouterOptions;
  clock: () => number;
  /** The offered languages (resolved `RouterOptions.languages`). */
  languages: readonly string[];
  /** The website's languages and default, when the site is on. */
  site: { languages: ReadonlyMap<string, unknown>; language: string } | null;
}

/** Characters a request target keeps as they are through `new URL` (no percent-encoding). */
const PLAIN_TARGET = /^\/[\w\-.~!$&'()*+,;=:@/%]*(?:\?[\w\-.~!$&'()*+,;=:@/%?]*)?$/;
/** A dot segment (`/./`, `/../`, also percent-encoded) that `new URL` would resolve. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?]|$)/i;

/** A request target already in the form `new URL` gives it, so that it can key the memo. */
function plainTarget(target: string): boolean {
  return PLAIN_TARGET.test(target) && !target.startsWith('//') && ((!target.includes('/.') && !target.includes('%')) || !DOT_SEGMENT.test(target));
}

/**
 * The router's `answerCached` (see `BlockstatsRouter.answerCached`): a remembered answer for the
 * current generation, without Request, Headers or Response objects, or null whenever the fetch
 * path must decide.
 */
export function fastLane(context: FastLaneContext): (raw: RawRequest) => RawResponse | null {
  const { memo, rateLimit, trusted, options, clock } = context;
  const apiOffered = apiLanguages(context.languages);
  const siteOffered = context.site ? [...context.site.languages.keys()] : [];
  const siteDefault = context.site?.language ?? 'en';
  const baseUrlOption = options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : null;
  // A base URL with a path (`https://example.org/stats`) keys answers under that path.
  const basePath = baseUrlOption !== null && baseUrlOption.indexOf('/', baseUrlOption.indexOf('//') + 2) >= 0;
  /** `scheme://host` → origin, as `new URL` normalises it (case, default ports); a few at most. */
  const origins = new Map<string, string | null>();
  const originOf = (key: string): string | null => {
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
  // Nearly every request names the same host the same way: comparing the parts is cheaper than
  // building and hashing a new string.
  const last = { scheme: '', host: '', proto: null as string | null, forwardedHost: null as string | null, origin: null as string | null };
  /** The origin the fetch path keys the memo with (publicOrigin): a trusted proxy's forwarded one. */
  const requestOrigin = (raw: RawRequest, viaProxy: boolean): string | null => {
    const proto = viaProxy ? raw.header('x-forwarded-proto') : null;
    const forwardedHost = viaProxy ? raw.header('x-forwarded-host') : null;
    if (raw.host === last.host && raw.scheme === last.scheme && proto === last.proto && forwardedHost === last.forwardedHost) return last.origin;
    const origin = originOf(proto === null && forwardedHost === null ? `${raw.scheme}://${raw.host}` : forwardedOrigin((name) => raw.header(name), raw.scheme, raw.host));
    Object.assign(last, { scheme: raw.scheme, host: raw.host, proto, forwardedHost, origin });
    return origin;
  };

  const remembered = (origin: string, target: string): Rendered | undefined => (basePath ? memo?.get(origin + target) : memo?.find(origin, target));
  const recordKey = recordMemoKeys();
  const { namedServer, inServerView } = serverViewLookup(options, memo, recordKey);
  /** A website page that shows the activity record is keyed with the record's state too. */
  const recordPage = (origin: string, target: string): Rendered | null | undefined => {
    const record = options.record ? options.record() : null;
    if (record && typeof (record as Promise<unknown>).then === 'function') return null;
    return remembered(origin, `${target}#${recordKey(record as ActivityRecord | null)}`);
  };

  /** Whether an Accept header asks for JSON over HTML; a browser sends the same one each time: its answer is kept. */
  const lastAccept = { header: null as string | null, json: false };
  const asksJson = (accept: string | null): boolean => {
    if (accept === null) return false;
    if (accept !== lastAccept.header) Object.assign(lastAccept, { header: accept, json: prefersJson(accept) });
    return lastAccept.json;
  };

  /** The remembered answer `fetch` would give for this request, or null when it must decide. */
  const lookup = (raw: RawRequest, viaProxy: boolean): Rendered | null => {
    if (!memo || memo.generation === null) return null;
    if (raw.method !== 'GET' && raw.method !== 'HEAD') return null;
    // Anything the fetch path decides from the Request itself stays with it; only the built-in
    // rate-limit store answers synchronously (a shared one goes through fetch).
    if (options.getClientAddress || !plainTarget(raw.target) || (rateLimit && !(rateLimit.store instanceof MemoryRateLimitStore))) return null;
    const snapshot = options.snapshot();
    if (!snapshot || typeof (snapshot as Promise<unknown>).then === 'function') return null;
    const server = namedServer(raw.target);
    if (server === null) return null;
    // The memo holds the network's generation's answers; one server's are keyed with its own
    // generation, and fetch finds them also while the memo still holds the network's previous
    // one (after a pull, until a network view's request moves it on): so does the fast lane.
    if (!server && (snapshot as Snapshot).generation !== memo.generation) return null;
    const origin = baseUrlOption ?? requestOrigin(raw, viaProxy);
    if (origin === null) return null;
    const entry = server ? inServerView(origin, raw.target, server) : (remembered(origin, raw.target) ?? (options.site ? recordPage(origin, raw.target) : null));
    // A page of the website asked for as JSON gets fetch's problem answer.
    if (!entry || (entry.html && asksJson(raw.header('accept')))) return null;
    // An answer in the default language (English for the API) found without `lang` is not the
    // answer to a request whose Accept-Language asks for another offered language: that one is
    // keyed with its language (createRouter, createSite) and left to fetch.
    const [offered, fallback] = entry.html ? [siteOffered, siteDefault] : [apiOffered, 'en'];
    if (offered.length > 1 && !/[?&]lang=[^&]/.test(raw.target) && negotiateLanguage(raw.header('accept-language'), offered, fallback) !== fallback) return null;
    return entry;
  };

  return (raw) => {
    const peer = raw.remoteAddress;
    const viaProxy = peer !== undefined && trusted(peer);
    const entry = lookup(raw, viaProxy);
    if (!entry) return null;
    const prepared = rawRendered(entry, rateLimit);
    let fresh = false;
    if (entry.etag !== null) {
      const ifNoneMatch = raw.header('if-none-match');
      // The common revalidation (the tag as sent) needs no list parsing.
      fresh = ifNoneMatch === entry.etag || notModified({ get: (name) => (name === 'if-none-match' ? ifNoneMatch : raw.header(name)) }, {
        etag: entry.etag,
        lastModified: prepared.lastModified,
      });
    }
    const body = fresh || (raw.method === 'HEAD' && !raw.headBody) ? null : prepared.bytes;
    if (!rateLimit) return fresh ? { status: 304, headers: prepared.notModified, body } : { status: 200, headers: prepared.ok, body };

    const now = clock();
    const state = countInMemory(rateLimit, rateLimit.store as MemoryRateLimitStore, clientAddress(peer, raw.header('x-forwarded-for'), trusted), now, fresh);
    if (!state) return null; // over the limit: fetch counts the request and answers the 429
    const headers = { ...(fresh ? prepared.limitedNotModified : prepared.limitedOk) };
    headers['ratelimit-remaining'] = String(rateLimitRemaining(rateLimit, state));
    headers['ratelimit-reset'] = String(secondsUntil(state.resetAt, now));
    return { status: fresh ? 304 : 200, headers, body };
  };
}

/**
 * Counts a fast-lane answer in the built-in store as `fetch` counts it (DECISIONS 19: count
 * first, refund a 304), and returns the window state its headers report, or null when the
 * request is over the limit (nothing counted: `fetch` then counts it and answers the 429).
 * A 304 in an open window is the window as it is: counting and refunding it would change nothing.
 */
function countInMemory(policy: ResolvedRateLimit, store: MemoryRateLimitStore, key: string, now: number, fresh: boolean): RateLimitState | null {
  const open = fresh ? store.current(key, now) : null;
  if (open) return open.count + 1 > policy.limit ? null : open;
  const state = store.hit(key, now, policy.windowSeconds * 1000);
  if (state.count > policy.limit || fresh) store.undo(key, now);
  if (state.count > policy.limit) return null;
  return fresh ? { count: state.count - 1, resetAt: state.resetAt } : state;
}
