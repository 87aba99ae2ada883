import type { ApiError } from '../http/ApiError.js';
import type { ResponseMemo } from '../router/responseMemo.js';
import type { JsonResult } from '../router/RouteDefinition.js';
import type { RouterOptions } from '../router/RouterOptions.js';
import type { SiteExchange } from './SiteExchange.js';
import type { ResolvedSiteOptions } from './SiteOptions.js';

/** What the router gives the site. */
export interface SiteDependencies {
  site: ResolvedSiteOptions;
  options: RouterOptions;
  memo: ResponseMemo | null;
  /** The 503 of missing data, with Retry-After when the next pull is known. */
  unavailable(detail: string): ApiError;
  /** The same request in one view of the network (a server of `options.servers`, or null for the network). */
  inView(exchange: SiteExchange, server: string | null): SiteExchange;
  /** Calls an API route in-process for this request, its names and values in `language`. */
  invoke(exchange: SiteExchange, operationId: string, params: Readonly<Record<string, string>>, query: URLSearchParams, language: string): Promise<JsonResult>;
}
