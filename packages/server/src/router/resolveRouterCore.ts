import { defaultGetClientAddress } from '../http/clientAddress.js';
import { ipMatcher } from '../http/ipMatcher.js';
import { resolveLanguages, resolveSiteOptions } from '../site/SiteOptions.js';
import { normalizeBasePath } from './basePath.js';
import { perServerOptions } from './perServerOptions.js';
import { resolveRateLimit } from './resolveRateLimit.js';
import { DEFAULT_RESPONSE_CACHE_BYTES, responseMemo } from './responseMemo.js';
import type { RouterCore } from './RouterCore.js';
import type { RouterOptions } from './RouterOptions.js';
import { allRoutes } from './routes/allRoutes.js';

/**
 * `RouterOptions` with their defaults filled: what the router's pipeline shares. Throws on a bad
 * option (the rate limit first, then the base path, then the languages and the site's).
 */
export function resolveRouterCore(options: RouterOptions): RouterCore {
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
  const serverOptions = perServerOptions(options);
  return {
    options, clock, random, createdAt, trusted, getClientAddress, onError, rateLimit, problemBaseOption,
    routes, routesByOperation, basePath, memo, languages, siteOptions, serverOptions, rendering: new Map(),
  };
}
