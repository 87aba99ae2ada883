import { ApiError } from '../http/ApiError.js';
import { ALLOWED_METHODS, isPreflight, preflightResponse } from '../http/cors.js';
import type { Site } from '../site/createSite.js';
import type { ApiRouter } from './apiRouter.js';
import type { Exchange } from './Exchange.js';

/** What `respond` dispatches to. */
export interface Responders {
  basePath: string;
  itty: ApiRouter;
  site: Site | null;
}

/**
 * The answer to one request before the finishing headers: a preflight, a site page, an API
 * route, or an ApiError thrown for what none of them takes (`pathname` is null outside the base path).
 */
export async function respond({ basePath, itty, site }: Responders, request: Request, exchange: Exchange, pathname: string | null): Promise<Response> {
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
  checkVersioned(request, exchange, pathname);
  const response = (await itty.fetch(request, exchange)) as Response | undefined;
  if (response) return response;
  throw new ApiError('not-found', `No endpoint matches ${pathname.length > 100 ? `${pathname.slice(0, 100)}…` : pathname}; GET ${exchange.baseUrl}/v1 lists every endpoint.`);
}

/** Throws for a path outside /v1: another version's, or one missing the prefix (with the corrected URL). */
function checkVersioned(request: Request, exchange: Exchange, pathname: string): void {
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
}
