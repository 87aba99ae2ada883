import type { RateLimitState } from './RateLimitStore.js';

/** The rate limit in force: `limit` requests per `windowSeconds`. */
export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
}

/**
 * The RateLimit header fields for a window state (draft-ietf-httpapi-ratelimit-headers-06 form,
 * SPEC "Headers"): Reset is delta-seconds, never 0 while the window is open, and equals
 * Retry-After on a 429 so both point at the same moment.
 *
 * @example
 * rateLimitHeaders({ limit: 240, windowSeconds: 60 }, { count: 1, resetAt: 60_000 }, 0);
 * // { 'ratelimit-limit': '240', 'ratelimit-remaining': '239', 'ratelimit-reset': '60', 'ratelimit-policy': '240;w=60' }
 */
export function rateLimitHeaders(policy: RateLimitPolicy, state: RateLimitState, now: number): Record<string, string> {
  return {
    'ratelimit-limit': String(policy.limit),
    'ratelimit-remaining': String(rateLimitRemaining(policy, state)),
    'ratelimit-reset': String(secondsUntil(state.resetAt, now)),
    'ratelimit-policy': `${policy.limit};w=${policy.windowSeconds}`,
  };
}

/** Requests left in the window, never negative. */
export function rateLimitRemaining(policy: RateLimitPolicy, state: RateLimitState): number {
  return Math.max(0, policy.limit - state.count);
}

/** Whole seconds until `at`, at least 1 (a client told 0 would retry into the same window). */
export function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}
