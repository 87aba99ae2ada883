import type { ApiError } from '../http/ApiError.js';
import type { RawRequest, RawResponse } from './CachedAnswer.js';
import type { RouteDefinition } from './RouteDefinition.js';

/** The router: a fetch handler for any runtime, plus the routes it serves. */
export interface BlockstatsRouter {
  /** Serves one request. `extra` is what the runtime passes along (see `getClientAddress`). */
  fetch(request: Request, ...extra: unknown[]): Promise<Response>;
  /**
   * The memo's fast lane for server adapters (the Node adapter uses it): when `fetch` already
   * rendered this exact URL for the current snapshot, the same answer (200, 304 or HEAD, with
   * CORS and rate-limit headers, counted against the rate limit like `fetch` counts) without
   * building Request, Headers or Response objects. Null whenever it cannot be sure the answer is
   * the one `fetch` would give (nothing remembered, a new snapshot, a trusted proxy, a custom
   * client-address function or rate-limit store, an exceeded limit…): then call `fetch`.
   */
  answerCached(request: RawRequest): RawResponse | null;
  /**
   * Answers `request` with `error` instead of routing it, through the same pipeline as `fetch`:
   * counted against the rate limit (a 429 when over it), with the CORS and RateLimit headers,
   * as a problem (an SVG badge on embed paths). How a server adapter answers what it could not
   * hand to `fetch` faithfully: a missing or malformed Host, a method the Fetch API refuses
   * (TRACE), an over-long request target. `request` is the adapter's best representation of it
   * (GET or HEAD, the path it could keep, the headers it could keep).
   */
  refuse(request: Request, error: ApiError, ...extra: unknown[]): Promise<Response>;
  /** Every route served, in matching order. */
  readonly routes: readonly RouteDefinition[];
}
