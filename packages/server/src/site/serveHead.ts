import { ApiError } from '../http/ApiError.js';
import { strongEtag } from '../http/etag.js';
import { answer } from '../router/answer.js';
import { headPng } from './heads/headPng.js';
import type { SiteClaim } from './SiteClaim.js';
import type { SiteExchange } from './SiteExchange.js';
import { IMMUTABLE } from './siteAssets.js';
import type { ResolvedSiteOptions } from './SiteOptions.js';

/** A player's head as a PNG, drawn from the skin `site.heads` knows by its texture hash. */
export async function serveHead(site: ResolvedSiteOptions, claim: Extract<SiteClaim, { kind: 'head' }>, exchange: SiteExchange): Promise<Response> {
  const pixels = site.heads?.(claim.hash) ?? null;
  const png = pixels ? headPng(pixels) : null;
  if (!png) throw new ApiError('not-found', `No head is known for the skin ${claim.hash}.`);
  const etag = await strongEtag('head', png);
  const headers = new Headers({ 'content-type': 'image/png', 'cache-control': IMMUTABLE, 'x-content-type-options': 'nosniff', etag });
  return answer(exchange.request, { body: png, headers, etag, lastModifiedExact: false });
}
