import { Router, type RouterType } from 'itty-router';
import type { Exchange } from './Exchange.js';
import type { RouterCore } from './RouterCore.js';
import { ittyPattern } from './routePaths.js';
import { runRoute } from './runRoute.js';

/** The itty router that dispatches an API path to its route. */
export type ApiRouter = RouterType<Request & { params: Record<string, string> }, [Exchange]>;

/** Every API route under the base path, for GET and HEAD. */
export function apiRouter(core: RouterCore): ApiRouter {
  const itty: ApiRouter = Router<Request & { params: Record<string, string> }, [Exchange]>({ base: core.basePath });
  for (const route of core.routes) {
    const pattern = ittyPattern(route);
    const handler = (request: Request & { params: Record<string, string> }, exchange: Exchange) => runRoute(core, route, request, exchange);
    itty.get(pattern, handler);
    itty.head(pattern, handler);
  }
  return itty;
}
