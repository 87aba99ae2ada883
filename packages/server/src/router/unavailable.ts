import type { Snapshot } from '@blockstats/core';
import { ApiError } from '../http/ApiError.js';
import { secondsUntil } from '../ratelimit/rateLimitHeaders.js';
import type { RouterCore } from './RouterCore.js';
import { routerHealth } from './routerHealth.js';

/** The 503 for data not there yet, with a Retry-After when the next pull is known. */
export function unavailable(core: RouterCore, what: string, snapshot: Snapshot | null): ApiError {
  const next = routerHealth(core, snapshot).nextPullAt;
  const now = core.clock();
  return new ApiError('unavailable', what, next !== null && next > now ? { headers: { 'retry-after': String(secondsUntil(next, now)) } } : {});
}
