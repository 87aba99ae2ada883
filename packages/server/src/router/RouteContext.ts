import type { ActivityRecord, Snapshot } from '@blockstats/core';
import type { RouterOptions } from './RouterOptions.js';
import type { RouterHealth } from './routerHealth.js';

/** What a route handler is given: the request, its validated inputs and the capabilities. */
export interface RouteContext<Q> {
  request: Request;
  /** The public, absolute URL of this request: base URL + path + query (pagination links build on it). */
  url: URL;
  /** Public base URL without a trailing slash (DECISIONS 23), the base path included: `${baseUrl}/v1` is the API. */
  baseUrl: string;
  /** The router's normalised `basePath` (`''` or `/stats`): the prefix of every path it serves. */
  basePath: string;
  /** Base of problem `type` URIs. */
  problemBase: string;
  /** The rate limit in force, or null when it is off. */
  rateLimit: { limit: number; windowSeconds: number } | null;
  /** Decoded path parameters. */
  params: Record<string, string>;
  /** Validated, defaulted query. */
  query: Q;
  /** Who asks: the rate limit's client key (`clientAddress`), also without a rate limit. */
  client: string;
  /** The clock's reading for this request (epoch ms). */
  now: number;
  random: () => number;
  /**
   * The language tag the answer speaks: the request's (`lang`, `Accept-Language`) on a route that
   * speaks it (the cards, see `speaks`), else `en`.
   */
  language: string;
  /** The current snapshot; throws a 503 `unavailable` problem while there is none. */
  snapshot(): Promise<Snapshot>;
  /** The activity record; throws a 503 `unavailable` problem while there is none. */
  record(): Promise<ActivityRecord>;
  /** The regeneration job's state, with defaults filled, and the served snapshot's time. */
  health(): RouterHealth;
  /** The capabilities the router was created with. */
  options: RouterOptions;
  /** Every route the router serves (for the endpoint list and the OpenAPI document). */
  routes: readonly import('./RouteDefinition.js').RouteDefinition[];
}
