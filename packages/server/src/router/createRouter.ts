import type { Snapshot, ActivityRecord } from '@blockstats/core';
import { errorBadge, svgHeaders } from '@blockstats/svg';
import { Router } from 'itty-router';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../http/ApiError.js';
import { cachePolicies } from '../http/cachePolicy.js';
import { clientAddress, defaultGetClientAddress } from '../http/clientAddress.js';
import { ALLOWED_METHODS, corsHeaders, isPreflight, preflightResponse } from '../http/cors.js';
import { strongEtag } from '../http/etag.js';
import { ipMatcher } from '../http/ipMatcher.js';
import { notModified } from '../http/notModified.js';
import { pagination } from '../http/pagination.js';
import { parseQuery } from '../http/parseQuery.js';
import { problemResponse } from '../http/problemResponse.js';
import { publicOrigin } from '../http/publicOrigin.js';
import { MemoryRateLimitStore } from '../ratelimit/MemoryRateLimitStore.js';
import { rateLimitHeaders, secondsUntil } from '../ratelimit/rateLimitHeaders.js';
import type { RateLimitState } from '../ratelimit/RateLimitStore.js';
import type { RouteContext } from './RouteContext.js';
import type { DocumentResult, JsonResult, RouteDefinition, SvgResult } from './RouteDefinition.js';
import type { RawRequest, RawResponse } from './CachedAnswer.js';
import type { HealthState, RouterOptions } from './RouterOptions.js';
import { allRoutes } from './routes/allRoutes.js';
import { toApiError } from './toApiError.js';

/** The router: a fetch handler for any runtime, plus the routes it serves. */
export interface BlockstatsRouter {
  /** Serves one request. `extra` is what the runtime passes along (see `getClientAddress`). */
  fetch(request: Request, ...extra: unknown[]): Promise<Response>;
  /**
   * The memo's fast lane for server adapters (the Node adapter uses it): when `fetch` already
   * rendered this exact URL for the current snapshot, the same answer (200, 304 or HEAD, with
   * CORS and rate-limit headers, counted against the rate limit like `fetch` counts) without
   * building Request, Headers or Response objects. Null whenever it cannot be sure the answer is
   * the one `fetch` would give (nothing remembered, a new snapshot, a trusted proxy, a custom
   * client-address function or rate-limit store, an exceeded limit…): then call `fetch`.
   */
  answerCached(request: RawRequest): RawResponse | null;
  /** Every route served, in matching order. */
  readonly routes: readonly RouteDefinition[];
}

/** Default rate limit (SPEC "Limits"): 240 requests per 60 seconds per client address. */
export const DEFAULT_RATE_LIMIT = { limit: 240, windowSeconds: 60 } as const;

/** Default bound of the rendered-response memo (see `RouterOptions.responseCacheBytes`). */
export const DEFAULT_RESPONSE_CACHE_BYTES = 32 * 1024 * 1024;

/** Paths under these prefixes are embeds: their errors are SVG badges, not JSON (SPEC Embeds). */
const EMBED_PREFIXES = ['/v1/badge/', '/v1/card/'];

/** itty-router pattern of an OpenAPI path: `{id}` → `:id`, greedy ones `:id+`. */
function ittyPattern(route: RouteDefinition): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => `:${name}${route.pathParams?.[name]?.greedy ? '+' : ''}`);
}

/** Per-request state the itty handlers share with the pipeline. */
interface Exchange {
  request: Request;
  url: URL;
  baseUrl: string;
  problemBase: string;
  now: number;
  rateLimitExceeded: ApiError | null;
  snapshot: () => Promise<Snapshot | null>;
  record: () => Promise<ActivityRecord | null>;
}

/** A representation before the conditional-request decision: what the memo keeps. */
interface Rendered {
  body: string;
  /** For the fast lane, made on its first use (see `rawOf`). */
  raw?: {
    bytes: Uint8Array;
    headers: Record<string, string>;
    notModifiedHeaders: Record<string, string>;
    /** Last-Modified as epoch ms when it dates the content (If-Modified-Since), else undefined. */
    lastModified: number | undefined;
    /** Complete header records without rate-limit headers: 200 (with Content-Length) and 304. */
    ok: Record<string, string>;
    notModified: Record<string, string>;
  };
  /** Representation headers (content type, cache control, last-modified, etag). */
  headers: Headers;
  /** Strong ETag, or null for routes never answered 304. */
  etag: string | null;
  /** Whether Last-Modified really dates the content (If-Modified-Since is honoured). */
  lastModifiedExact: boolean;
}

/**
 * Whether a route's answer is a pure function of the snapshot and the request URL, so its
 * rendering can be reused for the whole generation: snapshot data and embeds, not the record,
 * live sources, request-time file reads, the clock or randomness.
 */
function memoizable(route: RouteDefinition): boolean {
  return (route.cache === 'data' || route.cache === 'embed') && route.record !== true && route.volatile !== true && route.noEtag !== true;
}

/**
 * Creates the /v1 API router (SPEC.md). Everything it needs from outside is a capability in
 * `options`; only `snapshot` is required.
 *
 * @example
 * const router = createRouter({ snapshot: () => currentSnapshot });
 * const response = await router.fetch(new Request('http://localhost/v1/stats'));
 */
export function createRouter(options: RouterOptions): BlockstatsRouter {
  const clock = options.clock ?? Date.now;
  const random = options.random ?? Math.random;
  const createdAt = clock();
  const trusted = ipMatcher(options.trustedProxies ?? []);
  const getClientAddress = options.getClientAddress ?? defaultGetClientAddress;
  const onError = options.onError ?? ((error: unknown, request: Request) => {
    console.error(`blockstats: internal error on ${request.method} ${new URL(request.url).pathname}:`, error);
  });
  const rateLimit = options.rateLimit === false ? null : {
    limit: options.rateLimit?.limit ?? DEFAULT_RATE_LIMIT.limit,
    windowSeconds: options.rateLimit?.windowSeconds ?? DEFAULT_RATE_LIMIT.windowSeconds,
    store: options.rateLimit?.store ?? new MemoryRateLimitStore(),
  };
  if (rateLimit && (!Number.isSafeInteger(rateLimit.limit) || rateLimit.limit < 1 || !Number.isSafeInteger(rateLimit.windowSeconds) || rateLimit.windowSeconds < 1)) {
    throw new RangeError('createRouter: rateLimit.limit and rateLimit.windowSeconds must be positive integers (use rateLimit: false to switch it off)');
  }
  const problemBaseOption = options.problemBase?.replace(/\/+$/, '');
  const routes = allRoutes;

  // Rendered answers of memoizable routes for the current generation, keyed by the absolute
  // request URL (base URL, path, query): a hit skips the query, the serialisation and the hash.
  // A new generation clears it, so it never holds more than one snapshot's answers.
  const memoBytes = options.responseCacheBytes ?? DEFAULT_RESPONSE_CACHE_BYTES;
  if (!Number.isSafeInteger(memoBytes) || memoBytes < 0) {
    throw new RangeError('createRouter: responseCacheBytes must be a whole number of bytes ≥ 0 (0 switches the memo off)');
  }
  const memo = memoBytes > 0
    ? new LRUCache<string, Rendered>({ maxSize: memoBytes, sizeCalculation: (r) => Math.max(1, r.body.length * 2 + 512) })
    : null;
  let memoGeneration: string | null = null;

  const health = (snapshot: Snapshot | null): Required<HealthState> => {
    const state = options.health?.() ?? {};
    const updated = snapshot ? Date.parse(snapshot.data_updated_at) : null;
    return {
      startedAt: state.startedAt ?? createdAt,
      lastSuccessAt: state.lastSuccessAt ?? updated,
      lastErrorAt: state.lastErrorAt ?? null,
      nextPullAt: state.nextPullAt ?? null,
    };
  };

  const unavailable = (what: string, snapshot: Snapshot | null) => {
    const next = health(snapshot).nextPullAt;
    const now = clock();
    return new ApiError('unavailable', what, next !== null && next > now ? { headers: { 'retry-after': String(secondsUntil(next, now)) } } : {});
  };

  const itty = Router<Request & { params: Record<string, string> }, [Exchange]>();

  async function run(route: RouteDefinition, request: Request & { params: Record<string, string> }, exchange: Exchange): Promise<Response> {
    if (exchange.rateLimitExceeded) throw exchange.rateLimitExceeded;
    const params: Record<string, string> = {};
    for (const [name, raw] of Object.entries(request.params ?? {})) {
      try {
        params[name] = decodeURIComponent(raw);
      } catch {
        throw new ApiError('invalid-request', `${name} is not valid percent-encoded UTF-8`, { parameter: name });
      }
    }
    // exchange.url carries the request's own path and query (only the origin may differ).
    const query = parseQuery(route.query, exchange.url.searchParams);
    const context: RouteContext<unknown> = {
      request,
      url: exchange.url,
      baseUrl: exchange.baseUrl,
      problemBase: exchange.problemBase,
      rateLimit: rateLimit ? { limit: rateLimit.limit, windowSeconds: rateLimit.windowSeconds } : null,
      params,
      query,
      now: exchange.now,
      random,
      snapshot: async () => {
        const snapshot = await exchange.snapshot();
        if (!snapshot) throw unavailable('Statistics have not been generated yet; the first regeneration is still running.', null);
        return snapshot;
      },
      record: async () => {
        const record = await exchange.record();
        if (!record) throw unavailable('Activity is not being recorded on this server, or no pull has completed yet.', await exchange.snapshot());
        return record;
      },
      health: () => health(null),
      options,
      routes,
    };
    // health() needs the snapshot for its default lastSuccessAt; resolve it lazily once.
    const snapshotNow = await exchange.snapshot();
    context.health = () => health(snapshotNow);
    let memoKey: string | null = null;
    if (memo && snapshotNow && memoizable(route)) {
      if (memoGeneration !== snapshotNow.generation) {
        memo.clear();
        memoGeneration = snapshotNow.generation;
      }
      memoKey = exchange.url.href;
      const hit = memo.get(memoKey);
      if (hit) return answer(exchange.request, hit);
    }
    const result = await route.handler(context as RouteContext<never>);
    const representation = 'svg' in result
      ? await svgResponse(route, result, exchange)
      : 'document' in result
        ? await documentResponse(route, result)
        : await jsonResponse(route, result, exchange, snapshotNow);
    // Only a snapshot still current is remembered (a pull may have swapped it meanwhile).
    if (memo && memoKey !== null && snapshotNow && memoGeneration === snapshotNow.generation) memo.set(memoKey, representation);
    return answer(exchange.request, representation);
  }

  for (const route of routes) {
    const pattern = ittyPattern(route);
    const handler = (request: Request & { params: Record<string, string> }, exchange: Exchange) => run(route, request, exchange);
    itty.get(pattern, handler);
    itty.head(pattern, handler);
  }

  async function respond(request: Request, exchange: Exchange, pathname: string): Promise<Response> {
    if (isPreflight(request)) return preflightResponse(request);
    if (exchange.rateLimitExceeded) throw exchange.rateLimitExceeded;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new ApiError('method-not-allowed', `${request.method.slice(0, 20)} is not supported: the API is read-only and accepts GET and HEAD only.`, {
        headers: { allow: ALLOWED_METHODS },
      });
    }
    const version = /^\/v(\d+)(?=\/|$)/i.exec(pathname);
    if (version && version[1] !== '1') {
      throw new ApiError('not-found', `This server serves version 1 of the API only: GET ${exchange.baseUrl}/v1 lists every endpoint.`);
    }
    if (pathname !== '/openapi.json' && pathname !== '/v1' && !pathname.startsWith('/v1/')) {
      // A mis-cased prefix (`/V1/stats`) is replaced rather than kept under the real one.
      const rest = version ? pathname.slice(version[0].length) : pathname === '/' ? '' : pathname;
      const corrected = new URL(`${exchange.baseUrl}/v1${rest}`);
      corrected.search = new URL(request.url).search;
      throw new ApiError('unversioned-path', `Every endpoint lives under the /v1 prefix: use ${corrected.href}`, {
        extensions: { corrected_url: corrected.href },
      });
    }
    const response = (await itty.fetch(request, exchange)) as Response | undefined;
    if (response) return response;
    throw new ApiError('not-found', `No endpoint matches ${pathname.length > 100 ? `${pathname.slice(0, 100)}…` : pathname}; GET ${exchange.baseUrl}/v1 lists every endpoint.`);
  }

  async function fetch(request: Request, ...extra: unknown[]): Promise<Response> {
    const now = clock();
    const url = new URL(request.url);
    const peer = getClientAddress(request, ...extra) ?? undefined;
    const fromTrustedProxy = peer !== undefined && trusted(peer);
    // The common case (no configured base URL, no trusted proxy) needs no second URL parse.
    const baseUrl = !options.baseUrl && !fromTrustedProxy ? url.origin : publicOrigin(request, { baseUrl: options.baseUrl, fromTrustedProxy });
    const problemBase = problemBaseOption ?? `${baseUrl}/problems`;

    let snapshotPromise: Promise<Snapshot | null> | undefined;
    let recordPromise: Promise<ActivityRecord | null> | undefined;
    const exchange: Exchange = {
      request,
      url: baseUrl === url.origin ? url : new URL(`${baseUrl}${url.pathname}${url.search}`),
      baseUrl,
      problemBase,
      now,
      rateLimitExceeded: null,
      snapshot: () => (snapshotPromise ??= Promise.resolve(options.snapshot())),
      record: () => (recordPromise ??= Promise.resolve(options.record ? options.record() : null)),
    };

    // DECISIONS 19: count first (atomic in a shared store), refund 304s and preflights after.
    let limitKey = '';
    let limitState: RateLimitState | null = null;
    if (rateLimit) {
      limitKey = clientAddress(peer, request.headers.get('x-forwarded-for'), trusted);
      try {
        limitState = await rateLimit.store.hit(limitKey, now, rateLimit.windowSeconds * 1000);
      } catch (error) {
        // A shared store that is down must not take the API down with it: fail open.
        onError(error, request);
      }
      if (limitState && limitState.count > rateLimit.limit && !isPreflight(request)) {
        const retryAfter = String(secondsUntil(limitState.resetAt, now));
        exchange.rateLimitExceeded = new ApiError('rate-limit-exceeded', `More than ${rateLimit.limit} requests in ${rateLimit.windowSeconds} seconds from this address; retry after ${retryAfter} seconds.`, {
          headers: { 'retry-after': retryAfter },
        });
      }
    }

    const embed = EMBED_PREFIXES.some((prefix) => url.pathname.startsWith(prefix));
    let response: Response;
    try {
      response = await respond(request, exchange, url.pathname);
    } catch (error) {
      const apiError = toApiError(error);
      if (!apiError) onError(error, request);
      response = problemResponse(apiError ?? error, {
        problemBase,
        instance: url.pathname,
        ...(embed ? { svg: errorBadge } : {}),
      });
    }

    if (limitState && rateLimit && (response.status === 304 || isPreflight(request))) {
      try {
        await rateLimit.store.undo(limitKey, now);
        limitState = { ...limitState, count: limitState.count - 1 };
      } catch (error) {
        onError(error, request);
      }
    }

    const extraHeaders = limitState && rateLimit ? { ...corsHeaders, ...rateLimitHeaders(rateLimit, limitState, now) } : corsHeaders;
    if (request.method === 'HEAD') {
      const headers = new Headers(response.headers);
      for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
      // RFC 9110 §9.3.2: the same header fields as GET, no content.
      const length = response.body ? (await response.arrayBuffer()).byteLength : 0;
      if (response.status !== 304 && response.status !== 204) headers.set('content-length', String(length));
      return new Response(null, { status: response.status, headers });
    }
    // Every response here was constructed by the pipeline, so its headers are mutable: adding
    // to them in place saves a copy of the headers and of the response on every request.
    try {
      for (const [name, value] of Object.entries(extraHeaders)) response.headers.set(name, value);
      return response;
    } catch {
      const headers = new Headers(response.headers);
      for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
      return new Response(response.body, { status: response.status, headers });
    }
  }

  /**
   * Adds the ETag to a representation. If-Modified-Since is only honoured where Last-Modified
   * really dates the content (snapshot-only routes): live status and activity can change without
   * a new snapshot, and their ETag catches that.
   */
  async function rendered(body: string, headers: Headers, generation: string | null, validators: { etag: boolean; lastModifiedExact: boolean }): Promise<Rendered> {
    const etag = validators.etag ? await strongEtag(generation ?? 'none', body) : null;
    if (etag !== null) headers.set('etag', etag);
    return { body, headers, etag, lastModifiedExact: validators.lastModifiedExact };
  }

  /** Answers 304 when the client's copy is current, else 200 with the representation. */
  function answer(request: Request, representation: Rendered): Response {
    const { body, headers, etag } = representation;
    if (etag !== null) {
      const lastModified = headers.get('last-modified');
      const current = { etag, lastModified: lastModified && representation.lastModifiedExact ? Date.parse(lastModified) : undefined };
      if (notModified(request.headers, current)) {
        // RFC 9110 §15.4.5: keep ETag, Cache-Control, Last-Modified; no content metadata.
        const kept = new Headers();
        for (const name of ['etag', 'cache-control', 'last-modified', 'vary']) {
          const value = headers.get(name);
          if (value !== null) kept.set(name, value);
        }
        return new Response(null, { status: 304, headers: kept });
      }
    }
    // The Response copies `headers` into its own list: the memo's copy is never touched.
    return new Response(body, { status: 200, headers });
  }

  async function jsonResponse(route: RouteDefinition, result: JsonResult, exchange: Exchange, snapshot: Snapshot | null): Promise<Rendered> {
    const meta: Record<string, unknown> = { data_updated_at: snapshot?.data_updated_at ?? null, ...result.meta };
    if (result.page) {
      const count = result.page.count ?? (Array.isArray(result.data) ? result.data.length : 0);
      meta.pagination = pagination(exchange.url, { ...result.page, count });
    }
    const body = JSON.stringify({ data: result.data, meta });
    const headers = new Headers({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': cachePolicies[route.cache],
    });
    if (snapshot) headers.set('last-modified', new Date(snapshot.data_updated_at).toUTCString());
    const generation = route.cache === 'live' ? 'live' : snapshot?.generation ?? null;
    return rendered(body, headers, generation, {
      etag: route.noEtag !== true && route.cache !== 'never',
      lastModifiedExact: route.cache === 'data' && route.record !== true,
    });
  }

  async function documentResponse(route: RouteDefinition, result: DocumentResult): Promise<Rendered> {
    const body = JSON.stringify(result.document);
    const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': cachePolicies[route.cache] });
    return rendered(body, headers, 'document', { etag: true, lastModifiedExact: false });
  }

  async function svgResponse(route: RouteDefinition, result: SvgResult, exchange: Exchange): Promise<Rendered> {
    const snapshot = await exchange.snapshot();
    const headers = new Headers(svgHeaders);
    headers.set('cache-control', cachePolicies[route.cache]);
    if (snapshot) headers.set('last-modified', new Date(snapshot.data_updated_at).toUTCString());
    return rendered(result.svg, headers, route.cache === 'live' ? 'live' : snapshot?.generation ?? null, {
      etag: route.cache !== 'never',
      lastModifiedExact: route.cache === 'data' || route.cache === 'embed',
    });
  }

  const encoder = new TextEncoder();
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
  /** Characters a request target keeps as they are through `new URL` (no percent-encoding). */
  const PLAIN_TARGET = /^\/[\w\-.~!$&'()*+,;=:@/%]*(?:\?[\w\-.~!$&'()*+,;=:@/%?]*)?$/;
  /** A dot segment (`/./`, `/../`, also percent-encoded) that `new URL` would resolve. */
  const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?]|$)/i;
  /** A request target already in the form `new URL` gives it, so that it can key the memo. */
  const plainTarget = (target: string): boolean =>
    PLAIN_TARGET.test(target) && !target.startsWith('//') && ((!target.includes('/.') && !target.includes('%')) || !DOT_SEGMENT.test(target));
  const baseUrlOption = options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : null;

  /** The fast lane's copy of a remembered answer: bytes and ready header records (see `answerCached`). */
  function rawOf(entry: Rendered): NonNullable<Rendered['raw']> {
    if (entry.raw) return entry.raw;
    const headers: Record<string, string> = {};
    entry.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const bytes = encoder.encode(entry.body);
    const notModifiedHeaders: Record<string, string> = {};
    for (const name of ['etag', 'cache-control', 'last-modified', 'vary']) {
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

  function answerCached(raw: RawRequest): RawResponse | null {
    if (!memo || memoGeneration === null) return null;
    if (raw.method !== 'GET' && raw.method !== 'HEAD') return null;
    // Anything the fetch path decides from the Request itself stays with it.
    if (options.getClientAddress || !plainTarget(raw.target)) return null;
    const peer = raw.remoteAddress;
    if (peer !== undefined && trusted(peer)) return null;
    const snapshot = options.snapshot();
    if (!snapshot || typeof (snapshot as Promise<unknown>).then === 'function' || (snapshot as Snapshot).generation !== memoGeneration) return null;
    const origin = baseUrlOption ?? originOf(raw.scheme, raw.host);
    if (origin === null) return null;
    const entry = memo.get(origin + raw.target);
    if (!entry) return null;

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
  }

  return { fetch, routes, answerCached };
}
