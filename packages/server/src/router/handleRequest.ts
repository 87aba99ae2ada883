import { errorBadge } from '@blockstats/svg';
import type { ApiError } from '../http/ApiError.js';
import { corsHeaders } from '../http/cors.js';
import { problemResponse } from '../http/problemResponse.js';
import { rateLimitHeaders } from '../ratelimit/rateLimitHeaders.js';
import { countRequest, refundRequest } from './countRequest.js';
import type { Exchange } from './Exchange.js';
import { finishResponse } from './finishResponse.js';
import { openExchange } from './openExchange.js';
import { respond, type Responders } from './respond.js';
import type { RouterCore } from './RouterCore.js';
import { svgErrors } from './routePaths.js';
import { toApiError } from './toApiError.js';

/** One request through the router: counted, answered (or `refused`), a failure turned into its problem or error page. */
export async function handleRequest(core: RouterCore, responders: Responders, request: Request, refused: ApiError | null, extra: unknown[]): Promise<Response> {
  const { exchange, url, path } = openExchange(core, responders.site, request, refused, extra);
  const now = exchange.now;
  const count = await countRequest(core, request, exchange);
  const embed = path !== null && svgErrors(path);
  let response: Response;
  try {
    response = await respond(responders, request, exchange, path);
  } catch (error) {
    response = await failure(core, responders, error, exchange, url, embed);
  }
  const limitState = await refundRequest(core, request, response, count, now);
  const { rateLimit } = core;
  return limitState && rateLimit
    ? finishResponse(request, response, corsHeaders, rateLimitHeaders(rateLimit, limitState, now))
    : finishResponse(request, response, corsHeaders);
}

/** The answer to a request that failed: its problem, or the site's error page for a site request. */
async function failure(core: RouterCore, { site }: Responders, error: unknown, exchange: Exchange, url: URL, embed: boolean): Promise<Response> {
  const apiError = toApiError(error);
  if (!apiError) core.onError(error, exchange.request);
  let response = problemResponse(apiError ?? error, { problemBase: exchange.problemBase, instance: url.pathname, ...(embed ? { svg: errorBadge } : {}) });
  if (site && exchange.site) {
    try {
      response = await site.error(apiError ?? error, exchange.site, exchange);
    } catch (pageError) {
      // The error page itself failed: the problem above still answers.
      core.onError(pageError, exchange.request);
    }
  }
  return response;
}
