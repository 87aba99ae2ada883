import { parseQuery } from '../http/parseQuery.js';
import { translateResult } from '../i18n/apiLanguage.js';
import { createSite, type Site } from '../site/createSite.js';
import type { Exchange } from './Exchange.js';
import { inServer } from './inServer.js';
import type { RouteContext } from './RouteContext.js';
import type { JsonResult } from './RouteDefinition.js';
import type { RouterCore } from './RouterCore.js';
import { handlerContext } from './handlerContext.js';
import { unavailable } from './unavailable.js';

/** The website, when it is on: it reads the API through the router's own route handlers, called in-process. */
export function routerSite(core: RouterCore): Site | null {
  const { siteOptions, options, memo } = core;
  if (!siteOptions) return null;
  return createSite({
    site: siteOptions,
    options,
    memo,
    unavailable: (detail) => unavailable(core, detail, null),
    inView: (siteExchange, id) => inServer(options, siteExchange as Exchange, id),
    async invoke(siteExchange, operationId, params, search, language): Promise<JsonResult> {
      const route = core.routesByOperation.get(operationId);
      if (!route) throw new Error(`site: no API route ${operationId}`);
      const exchange = siteExchange as Exchange;
      const snapshotNow = await exchange.snapshot();
      const result = await route.handler(handlerContext(core, exchange.request, exchange, { ...params }, parseQuery(route.query, search), snapshotNow) as RouteContext<never>);
      if (!('data' in result)) throw new Error(`site: ${operationId} is not a JSON route`);
      return translateResult(result, language);
    },
  });
}
