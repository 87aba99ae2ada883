import { MemoryRateLimitStore } from '../ratelimit/MemoryRateLimitStore.js';
import type { RateLimitStore } from '../ratelimit/RateLimitStore.js';
import type { RouterOptions } from './RouterOptions.js';

/** Default rate limit (SPEC "Limits"): 240 requests per 60 seconds per client address. */
export const DEFAULT_RATE_LIMIT = { limit: 240, windowSeconds: 60 } as const;

/** The rate limit in force, with its store. */
export interface ResolvedRateLimit {
  limit: number;
  windowSeconds: number;
  store: RateLimitStore;
}

/**
 * `RouterOptions.rateLimit` with its defaults filled, or null when it is switched off. Throws a
 * RangeError on a limit or window that is not a positive integer.
 */
export function resolveRateLimit(option: RouterOptions['rateLimit']): ResolvedRateLimit | null {
  if (option === false) return null;
  const resolved = {
    limit: option?.limit ?? DEFAULT_RATE_LIMIT.limit,
    windowSeconds: option?.windowSeconds ?? DEFAULT_RATE_LIMIT.windowSeconds,
    store: option?.store ?? new MemoryRateLimitStore(),
  };
  if (!Number.isSafeInteger(resolved.limit) || resolved.limit < 1 || !Number.isSafeInteger(resolved.windowSeconds) || resolved.windowSeconds < 1) {
    throw new RangeError('createRouter: rateLimit.limit and rateLimit.windowSeconds must be positive integers (use rateLimit: false to switch it off)');
  }
  return resolved;
}
