import type { CachePolicy } from '../http/cachePolicy.js';
import type { QueryOf } from '../http/parseQuery.js';
import type { ProblemCode } from '../http/problemTypes.js';
import type { JsonSchema, QueryParam } from '../http/queryParams.js';
import type { RouteContext } from './RouteContext.js';

/** A route's declared query parameters. */
export type QueryParams = Record<string, QueryParam<unknown>>;

/** A path parameter (`{stat_id}`): how it is documented and matched. */
export interface PathParam {
  description: string;
  /** Matches across slashes (advancement ids: "slashes need no encoding"). */
  greedy?: boolean;
  example?: string;
}

/** What a JSON handler returns: the pipeline wraps it in the Envelope. */
export interface JsonResult {
  data: unknown;
  /** Extra `meta` keys (e.g. `stat`, `categories`); `data_updated_at` is added by the pipeline. */
  meta?: Record<string, unknown>;
  /**
   * Set on paginated collections: the pipeline adds `meta.pagination` with absolute links.
   * `count` defaults to the length of `data` (set it when the page is inside an object).
   */
  page?: { total: number; limit: number; offset: number; count?: number };
}

/** A raw JSON document served as is (the OpenAPI description): no Envelope. */
export interface DocumentResult {
  document: unknown;
}

/** What an embed handler returns: the SVG document. */
export interface SvgResult {
  svg: string;
}

/** What a PNG embed handler returns: the image's bytes. */
export interface PngResult {
  png: Uint8Array;
}

/** Any handler result. */
export type RouteResult = JsonResult | SvgResult | DocumentResult | PngResult;

/**
 * One endpoint, declared as data: the pipeline serves it and the OpenAPI document describes it
 * from the same object, so the two cannot drift apart.
 */
export interface RouteDefinition<P extends QueryParams = QueryParams> {
  /** OpenAPI-style path, e.g. `/v1/stats/{stat_id}` or `/v1/badge/player/{player}.svg`. */
  path: string;
  operationId: string;
  /** SPEC section: Meta, Statistics, Players, Community, Server and fun, Embeds. */
  tag: string;
  summary: string;
  description?: string;
  pathParams?: Record<string, PathParam>;
  query: P;
  cache: CachePolicy;
  /**
   * `json` (Envelope, default), `svg` (errors become SVG badges too), `png` (an image; errors are
   * SVG badges as on every embed) or `document` (raw JSON, no Envelope).
   */
  kind?: 'json' | 'svg' | 'png' | 'document';
  /** JSON Schema of `data` (JSON routes). */
  data?: JsonSchema;
  /** JSON Schemas of the extra `meta` keys the route adds. */
  meta?: Record<string, JsonSchema>;
  /** Keys of `meta` present only for some requests (e.g. `period` with the parameter). */
  metaOptional?: readonly string[];
  /** Whether `meta.pagination` is present. */
  paginated?: boolean;
  /** Route-specific problems besides the ones every route can give (405, 429, 500). */
  errors: ProblemCode[];
  /** Reads the activity record (its data can change between snapshots; `meta.recording_since`). */
  record?: boolean;
  /**
   * An image that speaks the request's language (`lang`, else `Accept-Language`) as JSON answers
   * do: the cards, whose words, names, numbers and dates are drawn in it.
   */
  speaks?: boolean;
  /** Never answered 304 (health, random: a fresh answer each time). */
  noEtag?: boolean;
  /**
   * The answer can change without a new snapshot (it reads files at request time): never reused
   * from the router's rendered-response memo.
   */
  volatile?: boolean;
  handler(context: RouteContext<QueryOf<P>>): RouteResult | Promise<RouteResult>;
}

/** Whether a route's answer follows the request's language: every JSON route, and the cards. */
export function speaksLanguage(route: Pick<RouteDefinition, 'kind' | 'speaks'>): boolean {
  return (route.kind ?? 'json') === 'json' || route.speaks === true;
}

/**
 * Declares a route with its query types inferred from its parameter declarations.
 *
 * @example
 * defineRoute({ path: '/v1/stats', query: { limit: queryParams.limit(250) }, handler: ({ query }) => …, … });
 */
export function defineRoute<P extends QueryParams>(route: RouteDefinition<P>): RouteDefinition {
  return route as unknown as RouteDefinition;
}
