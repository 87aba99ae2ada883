import type { Snapshot } from '@blockstats/core';
import { svgHeaders } from '@blockstats/svg';
import { cachePolicies } from '../http/cachePolicy.js';
import { strongEtag } from '../http/etag.js';
import { pagination } from '../http/pagination.js';
import type { Rendered } from './Rendered.js';
import type { DocumentResult, JsonResult, PngResult, RouteDefinition, SvgResult } from './RouteDefinition.js';

/**
 * Adds the ETag to a representation. If-Modified-Since is only honoured where Last-Modified
 * really dates the content (snapshot-only routes): live status and activity can change without
 * a new snapshot, and their ETag catches that.
 */
async function rendered(body: string | Uint8Array, headers: Headers, generation: string | null, validators: { etag: boolean; lastModifiedExact: boolean }): Promise<Rendered> {
  const etag = validators.etag ? await strongEtag(generation ?? 'none', body) : null;
  if (etag !== null) headers.set('etag', etag);
  return { body, headers, etag, lastModifiedExact: validators.lastModifiedExact };
}

/** A JSON route's result in the Envelope, with `meta.pagination` built on the public `url`. */
export function renderJson(route: RouteDefinition, result: JsonResult, url: URL, snapshot: Snapshot | null): Promise<Rendered> {
  const meta: Record<string, unknown> = { data_updated_at: snapshot?.data_updated_at ?? null, ...result.meta };
  if (result.page) {
    const count = result.page.count ?? (Array.isArray(result.data) ? result.data.length : 0);
    meta.pagination = pagination(url, { ...result.page, count });
  }
  const body = JSON.stringify({ data: result.data, meta });
  const headers = new Headers({
    'content-type': 'application/json; charset=utf-8',
    'cache-control': cachePolicies[route.cache],
  });
  if (snapshot) headers.set('last-modified', new Date(snapshot.data_updated_at).toUTCString());
  const generation = route.cache === 'live' ? 'live' : snapshot?.generation ?? null;
  return rendered(body, headers, generation, {
    etag: route.noEtag !== true && route.cache !== 'never',
    lastModifiedExact: route.cache === 'data' && route.record !== true,
  });
}

/** A raw JSON document (the OpenAPI description), no Envelope. */
export function renderDocument(route: RouteDefinition, result: DocumentResult): Promise<Rendered> {
  const body = JSON.stringify(result.document);
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': cachePolicies[route.cache] });
  return rendered(body, headers, 'document', { etag: true, lastModifiedExact: false });
}

/** An embed's SVG with the SVG security headers. */
export function renderSvg(route: RouteDefinition, result: SvgResult, snapshot: Snapshot | null): Promise<Rendered> {
  const headers = new Headers(svgHeaders);
  headers.set('cache-control', cachePolicies[route.cache]);
  if (snapshot) headers.set('last-modified', new Date(snapshot.data_updated_at).toUTCString());
  return rendered(result.svg, headers, route.cache === 'live' ? 'live' : snapshot?.generation ?? null, {
    etag: route.cache !== 'never',
    lastModifiedExact: route.cache === 'data' || route.cache === 'embed',
  });
}

/** A PNG embed (the player card as PNG): same caching and validators as the SVG. */
export function renderPng(route: RouteDefinition, result: PngResult, snapshot: Snapshot | null): Promise<Rendered> {
  const headers = new Headers({ 'content-type': 'image/png', 'cache-control': cachePolicies[route.cache], 'x-content-type-options': 'nosniff' });
  if (snapshot) headers.set('last-modified', new Date(snapshot.data_updated_at).toUTCString());
  return rendered(result.png, headers, snapshot?.generation ?? null, { etag: true, lastModifiedExact: true });
}

/**
 * A page of the website: its ETag hashes the snapshot's generation and the page itself (which
 * shows what it read of the record and the live status). Last-Modified dates the content only
 * when the page reads nothing but the snapshot.
 */
export async function renderHtml(body: string, headers: Headers, generation: string, lastModifiedExact: boolean): Promise<Rendered> {
  const representation = await rendered(body, headers, generation, { etag: true, lastModifiedExact });
  representation.html = true;
  return representation;
}
