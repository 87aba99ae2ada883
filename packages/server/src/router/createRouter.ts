import { apiRouter } from './apiRouter.js';
import type { BlockstatsRouter } from './BlockstatsRouter.js';
import { fastLane } from './fastLane.js';
import { handleRequest } from './handleRequest.js';
import type { Responders } from './respond.js';
import { resolveRouterCore } from './resolveRouterCore.js';
import type { RouterOptions } from './RouterOptions.js';
import { routerSite } from './routerSite.js';

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
  const core = resolveRouterCore(options);
  const responders: Responders = { basePath: core.basePath, itty: apiRouter(core), site: routerSite(core) };
  const { memo, rateLimit, trusted, clock, languages, siteOptions } = core;
  const answerCached = fastLane({ memo, rateLimit, trusted, options, clock, languages, site: siteOptions });
  return {
    fetch: (request, ...extra) => handleRequest(core, responders, request, null, extra),
    refuse: (request, error, ...extra) => handleRequest(core, responders, request, error, extra),
    routes: core.routes,
    answerCached,
  };
}
