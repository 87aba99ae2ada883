import type { Snapshot, ActivityRecord } from '@blockstats/core';
import { errorBadge } from '@blockstats/svg';
import { Router } from 'itty-router';
import { ApiError } from '../http/ApiError.js';
import { clientAddress, defaultGetClientAddress } from '../http/clientAddress.js';
import { ALLOWED_METHODS, corsHeaders, isPreflight, preflightResponse } from '../http/cors.js';
import { ipMatcher } from '../http/ipMatcher.js';
import { parseQuery } from '../http/parseQuery.js';
import { problemResponse } from '../http/problemResponse.js';
import { publicOrigin } from '../http/publicOrigin.js';
import { rateLimitHeaders, secondsUntil } from '../ratelimit/rateLimitHeaders.js';
import type { RateLimitState } from '../ratelimit/RateLimitStore.js';
import { answer } from './answer.js';
import { normalizeBasePath, withinBasePath } from './basePath.js';
import type { BlockstatsRouter } from './BlockstatsRouter.js';
import type { Exchange } from './Exchange.js';
import { fastLane } from './fastLane.js';
import { finishResponse } from './finishResponse.js';
import { renderDocument, renderJson, renderPng, renderSvg } from './render.js';
import type { Rendered } from './Rendered.js';
import { resolveRateLimit } from './resolveRateLimit.js';
import type { NetworkServer } from './NetworkServer.js';
import { selectServer } from './selectServer.js';
import { withServerLinks } from './withServerLinks.js';
import { DEFAULT_RESPONSE_CACHE_BYTES, memoizable, responseMemo } from './responseMemo.js';
import type { RouteContext } from './RouteContext.js';
import { speaksLanguage, type JsonResult, type RouteDefinition } from './RouteDefinition.js';
import { decodeParams, isApiPath, ittyPattern, svgErrors } from './routePaths.js';
import type { HealthState, RouterOptions } from './RouterOptions.js';
import { allRoutes } from './routes/allRoutes.js';
import { toApiError } from './toApiError.js';
import { createSite, type Site } from '../site/createSite.js';
import { resolveLanguages, resolveSiteOptions } from '../site/SiteOptions.js';
import { apiLanguage, translateResult } from '../i18n/apiLanguage.js';

export { DEFAULT_RATE_LIMIT } from './resolveRateLimit.js';
export { DEFAULT_RESPONSE_CACHE_BYTES } from './responseMemo.js';
export type { BlockstatsRouter } from './BlockstatsRouter.js';

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
  const rateLimit = resolveRateLimit(options.rateLimit);
  const problemBaseOption = options.problemBase?.replace(/\/+$/, '');
  const routes = allRoutes;
  const basePath = normalizeBasePath(options.basePath);
  const memo = responseMemo(options.responseCacheBytes ?? DEFAULT_RESPONSE_CACHE_BYTES);
  const languages = resolveLanguages(options.languages);
  const siteOptions = resolveSiteOptions(options.site, languages);
  const routesByOperation = new Map(routes.map((route) => [route.operationId, route]));
  /** What a handler sees as the router's capabilities in one server's view: that server's live sources. */
  const serverOptions = new Map<NetworkServer, RouterOptions>((options.servers ?? []).map((server) => {
    const { status: _status, mods: _mods, modpack: _modpack, statHistory: _history, ...shared } = options;
    const own: RouterOptions = { ...shared, snapshot: server.snapshot };
    if (server.statHistory) own.statHistory = server.statHistory;
    if (server.status) own.status = server.status;
    if (server.mods) own.mods = server.mods;
    if (server.modpack) own.modpack = server.modpack;
    return [server, own];
  }));
  /** Memoizable renderings under way, by generation and URL (see `run`). */
  const rendering = new Map<string, Promise<Rendered>>();

  const health = (snapshot: Snapshot | null): Required<HealthState> => {
    const state = options.health?.() ?? {};
    const updated = snapshot ? Date.parse(snapshot.data_updated_at) : null;
    return {
      startedAt: state.startedAt ?? createdAt,
      lastSuccessAt: state.lastSuccessAt ?? updated,
      lastErrorAt: state.lastErrorAt ?? null,
      nextPullAt: state.nextPullAt ?? null,
      problems: state.problems ?? [],
    };
  };

  const unavailable = (what: string, snapshot: Snapshot | null) => {
    const next = health(snapshot).nextPullAt;
    const now = clock();
    return new ApiError('unavailable', what, next !== null && next > now ? { headers: { 'retry-after': String(secondsUntil(next, now)) } } : {});
  };

  const itty = Router<Request & { params: Record<string, string> }, [Exchange]>({ base: basePath });

  /** The context a route handler gets: the request's inputs and the router's capabilities. */
  function routeContext(request: Request, exchange: Exchange, params: Record<string, string>, query: unknown, snapshotNow: Snapshot | null): RouteContext<unknown> {
    return {
      request,
      url: exchange.url,
      baseUrl: exchange.baseUrl,
      basePath,
      problemBase: exchange.problemBase,
      rateLimit: rateLimit ? { limit: rateLimit.limit, windowSeconds: rateLimit.windowSeconds } : null,
      params,
      query,
      client: exchange.client,
      now: exchange.now,
      random,
      language: 'en',
      snapshot: async () => {
        const snapshot = await exchange.snapshot();
        if (!snapshot) throw unavailable('Statistics have not been generated yet; the first regeneration is still running.', null);
        return snapshot;
      },
      record: async () => {
        const record = await exchange.record();
        if (!record) throw unavailable(exchange.server ? `Activity is not recorded for the server ${exchange.server.id} yet.` : 'Activity is not being recorded on this server, or no pull has completed yet.', await exchange.snapshot());
        return record;
      },
      health: () => health(snapshotNow),
      options: (exchange.server && serverOptions.get(exchange.server)) ?? options,
      routes,
    };
  }

  async function run(route: RouteDefinition, request: Request & { params: Record<string, string> }, exchange: Exchange): Promise<Response> {
    if (exchange.rateLimitExceeded) throw exchange.rateLimitExceeded;
    const params = decodeParams(request.params);
    // exchange.url carries the request's own path and query (only the origin may differ).
    const query = parseQuery(route.query, exchange.url.searchParams);
    // health() needs the snapshot for its default lastSuccessAt: resolved once, before the handler.
    const snapshotNow = await exchange.snapshot();
    const context = routeContext(request, exchange, params, query, snapshotNow);
    // JSON answers and cards speak English unless the request asks (lang, Accept-Language): issue 39.
    const language = speaksLanguage(route) ? apiLanguage(exchange, languages) : null;
    if (language) context.language = language.tag;
    // A period answer moves with the stat history, not only with the snapshot (its own memo is the history's).
    if (!memo || !snapshotNow || !memoizable(route) || exchange.url.searchParams.has('period')) return answer(exchange.request, await render(route, context, exchange, snapshotNow, language?.tag));
    // The memo follows the network's (the default) snapshot; one server's answers are kept
    // under their own generation beside it, so views asked in turn do not clear each other's.
    if (exchange.server === null) memo.use(snapshotNow.generation);
    const memoGeneration = memo.generation;
    if (memoGeneration === null) return answer(exchange.request, await render(route, context, exchange, snapshotNow, language?.tag));
    // An answer whose language Accept-Language chose is keyed with it (the fast lane then
    // leaves such a request to this path, see fastLane).
    const negotiated = language && !language.explicit && language.tag !== 'en' ? ` lang=${language.tag}` : '';
    const memoKey = `${exchange.server === null ? exchange.url.href : `${exchange.url.href} ${snapshotNow.generation}`}${negotiated}`;
    const hit = memo.get(memoKey);
    if (hit) return answer(exchange.request, hit);
    // Requests for the same URL that arrive while it renders share that rendering: a burst of
    // a thousand clients must not render a 200 KB document a thousand times before the first
    // one is remembered.
    const flight = `${snapshotNow.generation} ${memoKey}`;
    const pending = rendering.get(flight);
    if (pending) return answer(exchange.request, await pending);
    const representation = render(route, context, exchange, snapshotNow, language?.tag);
    rendering.set(flight, representation);
    try {
      const rendered = await representation;
      // Only a snapshot still current is remembered (a pull may have swapped it meanwhile).
      if (memo.generation === memoGeneration) memo.set(memoKey, rendered);
      return answer(exchange.request, rendered);
    } finally {
      rendering.delete(flight);
    }
  }

  /** Runs the route's handler and renders its result. */
  async function render(route: RouteDefinition, context: RouteContext<unknown>, exchange: Exchange, snapshotNow: Snapshot | null, language?: string): Promise<Rendered> {
    const answered = await route.handler(context as RouteContext<never>);
    const handled = language !== undefined && 'data' in answered ? translateResult(answered, language) : answered;
    // Links out of one server's view stay in it.
    const result = exchange.server && 'data' in handled ? { ...handled, data: withServerLinks(handled.data, exchange.baseUrl, exchange.server.id) } : handled;
    const representation = await ('svg' in result
      ? renderSvg(route, result, await exchange.snapshot())
      : 'png' in result
        ? renderPng(route, result, await exchange.snapshot())
        : 'document' in result
          ? renderDocument(route, result)
          : renderJson(route, result, exchange.url, snapshotNow));
    // A JSON answer or a card speaks the request's language: it varies by Accept-Language.
    if (language !== undefined && languages.length > 1) representation.headers.set('vary', 'Accept-Language');
    return representation;
  }

  for (const route of routes) {
    const pattern = ittyPattern(route);
    const handler = (request: Request & { params: Record<string, string> }, exchange: Exchange) => run(route, request, exchange);
    itty.get(pattern, handler);
    itty.head(pattern, handler);
  }

  /** The exchange as if `?server=<id>` (or, for null, no server) had been asked: the site's per-server breakdowns. */
  function inServer(exchange: Exchange, id: string | null): Exchange {
    const server = id === null ? null : options.servers?.find((s) => s.id === id);
    if (server === undefined) throw new Error(`site: no network server ${id}`);
    let snapshotPromise: Promise<Snapshot | null> | undefined;
    let recordPromise: Promise<ActivityRecord | null> | undefined;
    return {
      ...exchange,
      server,
      snapshot: () => (snapshotPromise ??= Promise.resolve(server ? server.snapshot() : options.snapshot())),
      record: () => (recordPromise ??= Promise.resolve(server ? (server.record ? server.record() : null) : options.record ? options.record() : null)),
    };
  }

  // The website reads the API through its own route handlers, called in-process.
  const site: Site | null = siteOptions
    ? createSite({
        site: siteOptions,
        options,
        memo,
        unavailable: (detail) => unavailable(detail, null),
        inView: (siteExchange, id) => inServer(siteExchange as Exchange, id),
        async invoke(siteExchange, operationId, params, search, language): Promise<JsonResult> {
          const route = routesByOperation.get(operationId);
          if (!route) throw new Error(`site: no API route ${operationId}`);
          const exchange = siteExchange as Exchange;
          const snapshotNow = await exchange.snapshot();
          const result = await route.handler(routeContext(exchange.request, exchange, { ...params }, parseQuery(route.query, search), snapshotNow) as RouteContext<never>);
          if (!('data' in result)) throw new Error(`site: ${operationId} is not a JSON route`);
          return translateResult(result, language);
        },
      })
    : null;

  async function respond(request: Request, exchange: Exchange, pathname: string | null): Promise<Response> {
    if (exchange.rateLimitExceeded) throw exchange.rateLimitExceeded;
    if (exchange.refused) throw exchange.refused;
    if (isPreflight(request)) return preflightResponse(request);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new ApiError('method-not-allowed', `${request.method.slice(0, 20)} is not supported: the API is read-only and accepts GET and HEAD only.`, {
        headers: { allow: ALLOWED_METHODS },
      });
    }
    if (site && exchange.site) return site.serve(exchange.site, exchange);
    if (pathname === null) {
      const path = new URL(request.url).pathname;
      // Most often a host that strips its mount path (Express's `app.use('/stats', …)`) handing
      // the router `req.url`: say what fixes it.
      throw new ApiError('not-found', `No endpoint matches ${path.length > 100 ? `${path.slice(0, 100)}…` : path}: the API is mounted under ${basePath}; GET ${exchange.baseUrl}/v1 lists every endpoint. A host that strips its mount path must hand the router the whole path (in Express, req.originalUrl).`);
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

  async function handle(request: Request, refused: ApiError | null, extra: unknown[]): Promise<Response> {
    const now = clock();
    const url = new URL(request.url);
    const peer = getClientAddress(request, ...extra) ?? undefined;
    const fromTrustedProxy = peer !== undefined && trusted(peer);
    // The common case (no configured base URL, no trusted proxy) needs no second URL parse.
    // `origin` is the configured base URL when there is one (it may carry a proxy's path prefix).
    const origin = !options.baseUrl && !fromTrustedProxy ? url.origin : publicOrigin(request, { baseUrl: options.baseUrl, fromTrustedProxy });
    // The request path already carries the base path; links to other endpoints add it.
    const baseUrl = origin + basePath;
    const path = withinBasePath(url.pathname, basePath);
    const problemBase = problemBaseOption ?? `${baseUrl}/problems`;
    const client = clientAddress(peer, request.headers.get('x-forwarded-for'), trusted);

    let server: NetworkServer | null = null;
    try {
      server = selectServer(options.servers, url.searchParams);
    } catch (error) {
      refused ??= error as ApiError;
    }
    let snapshotPromise: Promise<Snapshot | null> | undefined;
    let recordPromise: Promise<ActivityRecord | null> | undefined;
    const exchange: Exchange = {
      request,
      url: origin === url.origin ? url : new URL(`${origin}${url.pathname}${url.search}`),
      baseUrl,
      originTrusted: Boolean(options.baseUrl) || fromTrustedProxy,
      problemBase,
      now,
      client,
      rateLimitExceeded: null,
      refused,
      server,
      snapshot: () => (snapshotPromise ??= Promise.resolve(server ? server.snapshot() : options.snapshot())),
      record: () => (recordPromise ??= Promise.resolve(server ? (server.record ? server.record() : null) : options.record ? options.record() : null)),
      site: site && path !== null && !isApiPath(path) ? site.claim(request, path) : null,
    };

    // DECISIONS 19: count first (atomic in a shared store), refund 304s and preflights after.
    // The site's fingerprinted files (style, script, icon sprite) are not counted: a page's own
    // parts must never spend a visitor's budget, and they are immutable, fetched once.
    let limitKey = '';
    let limitState: RateLimitState | null = null;
    if (rateLimit && exchange.site?.kind !== 'asset' && exchange.site?.kind !== 'head') {
      limitKey = client;
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

    const embed = path !== null && svgErrors(path);
    let response: Response;
    try {
      response = await respond(request, exchange, path);
    } catch (error) {
      const apiError = toApiError(error);
      if (!apiError) onError(error, request);
      response = problemResponse(apiError ?? error, { problemBase, instance: url.pathname, ...(embed ? { svg: errorBadge } : {}) });
      if (site && exchange.site) {
        try {
          response = await site.error(apiError ?? error, exchange.site, exchange);
        } catch (pageError) {
          // The error page itself failed: the problem above still answers.
          onError(pageError, request);
        }
      }
    }

    if (limitState && rateLimit && (response.status === 304 || isPreflight(request))) {
      try {
        await rateLimit.store.undo(limitKey, now);
        limitState = { ...limitState, count: limitState.count - 1 };
      } catch (error) {
        onError(error, request);
      }
    }

    return limitState && rateLimit
      ? finishResponse(request, response, corsHeaders, rateLimitHeaders(rateLimit, limitState, now))
      : finishResponse(request, response, corsHeaders);
  }

  const answerCached = fastLane({ memo, rateLimit, trusted, options, clock, languages, site: siteOptions });
  return {
    fetch: (request, ...extra) => handle(request, null, extra),
    refuse: (request, error, ...extra) => handle(request, error, extra),
    routes,
    answerCached,
  };
}
