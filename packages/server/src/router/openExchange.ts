import { ApiError } from '../http/ApiError.js';
import { clientAddress } from '../http/clientAddress.js';
import { publicOrigin } from '../http/publicOrigin.js';
import type { Site } from '../site/createSite.js';
import { withinBasePath } from './basePath.js';
import type { Exchange } from './Exchange.js';
import { exchangeSources } from './exchangeSources.js';
import type { NetworkServer } from './NetworkServer.js';
import type { RouterCore } from './RouterCore.js';
import { isApiPath } from './routePaths.js';
import { selectServer } from './selectServer.js';

/** A request's exchange, with its URL and its path within the base path (null outside it). */
export interface OpenedExchange {
  exchange: Exchange;
  url: URL;
  path: string | null;
}

/** Reads what the pipeline needs of a request once: its public origin, client, server view and site claim. */
export function openExchange(core: RouterCore, site: Site | null, request: Request, refused: ApiError | null, extra: unknown[]): OpenedExchange {
  const { options, basePath, trusted } = core;
  const now = core.clock();
  const url = new URL(request.url);
  const peer = core.getClientAddress(request, ...extra) ?? undefined;
  const fromTrustedProxy = peer !== undefined && trusted(peer);
  // The common case (no configured base URL, no trusted proxy) needs no second URL parse.
  // `origin` is the configured base URL when there is one (it may carry a proxy's path prefix).
  const origin = !options.baseUrl && !fromTrustedProxy ? url.origin : publicOrigin(request, { baseUrl: options.baseUrl, fromTrustedProxy });
  // The request path already carries the base path; links to other endpoints add it.
  const baseUrl = origin + basePath;
  const path = withinBasePath(url.pathname, basePath);
  const problemBase = core.problemBaseOption ?? `${baseUrl}/problems`;
  const client = clientAddress(peer, request.headers.get('x-forwarded-for'), trusted);

  let server: NetworkServer | null = null;
  try {
    server = selectServer(options.servers, url.searchParams);
  } catch (error) {
    refused ??= error as ApiError;
  }
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
    ...exchangeSources(options, server),
    site: site && path !== null && !isApiPath(path) ? site.claim(request, path) : null,
  };
  return { exchange, url, path };
}
