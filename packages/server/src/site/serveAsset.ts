import { cachePolicies } from '../http/cachePolicy.js';
import { strongEtag } from '../http/etag.js';
import { answer } from '../router/answer.js';
import type { SiteClaim } from './SiteClaim.js';
import type { SiteExchange } from './SiteExchange.js';
import { ASSET_VERSION, IMMUTABLE, siteAssets } from './siteAssets.js';

/** Etags of the embedded files, computed on first use. */
const assetEtags = new Map<string, Promise<string>>();

/** One of the embedded files (style, script, icon sprite), with its strong ETag. */
export async function serveAsset(claim: Extract<SiteClaim, { kind: 'asset' }>, exchange: SiteExchange): Promise<Response> {
  const asset = siteAssets[claim.file]!;
  let etag = assetEtags.get(claim.file);
  if (!etag) {
    etag = strongEtag(ASSET_VERSION, asset.body);
    assetEtags.set(claim.file, etag);
  }
  const headers = new Headers({
    'content-type': asset.contentType,
    // An old version's URL (a page cached before an upgrade) gets today's file, briefly.
    'cache-control': claim.version === ASSET_VERSION ? IMMUTABLE : cachePolicies.data,
    'x-content-type-options': 'nosniff',
  });
  const tag = await etag;
  headers.set('etag', tag);
  return answer(exchange.request, { body: asset.body, headers, etag: tag, lastModifiedExact: false });
}
