import { ApiError } from '../http/ApiError.js';
import { isPreflight } from '../http/cors.js';
import { secondsUntil } from '../ratelimit/rateLimitHeaders.js';
import type { RateLimitState } from '../ratelimit/RateLimitStore.js';
import type { Exchange } from './Exchange.js';
import type { RouterCore } from './RouterCore.js';

/** A request's count against the rate limit: its key and the store's state after it (null when not counted). */
export interface RequestCount {
  key: string;
  state: RateLimitState | null;
}

/**
 * Counts the request against the rate limit, marking the exchange when it is over.
 * DECISIONS 19: count first (atomic in a shared store), refund 304s and preflights after
 * (`refundRequest`). The site's fingerprinted files (style, script, icon sprite) are not counted:
 * a page's own parts must never spend a visitor's budget, and they are immutable, fetched once.
 */
export async function countRequest(core: RouterCore, request: Request, exchange: Exchange): Promise<RequestCount> {
  const { rateLimit } = core;
  const now = exchange.now;
  let key = '';
  let state: RateLimitState | null = null;
  if (rateLimit && exchange.site?.kind !== 'asset' && exchange.site?.kind !== 'head') {
    key = exchange.client;
    try {
      state = await rateLimit.store.hit(key, now, rateLimit.windowSeconds * 1000);
    } catch (error) {
      // A shared store that is down must not take the API down with it: fail open.
      core.onError(error, request);
    }
    if (state && state.count > rateLimit.limit && !isPreflight(request)) {
      const retryAfter = String(secondsUntil(state.resetAt, now));
      exchange.rateLimitExceeded = new ApiError('rate-limit-exceeded', `More than ${rateLimit.limit} requests in ${rateLimit.windowSeconds} seconds from this address; retry after ${retryAfter} seconds.`, {
        headers: { 'retry-after': retryAfter },
      });
    }
  }
  return { key, state };
}

/** Gives a 304's or a preflight's count back (DECISIONS 19): the state to report in its headers. */
export async function refundRequest(core: RouterCore, request: Request, response: Response, count: RequestCount, now: number): Promise<RateLimitState | null> {
  const { rateLimit } = core;
  if (!count.state || !rateLimit || (response.status !== 304 && !isPreflight(request))) return count.state;
  try {
    await rateLimit.store.undo(count.key, now);
    return { ...count.state, count: count.state.count - 1 };
  } catch (error) {
    core.onError(error, request);
    return count.state;
  }
}
