import { RedisRateLimitStore } from '../redis/RedisRateLimitStore.js';
import type { Logger } from './logger.js';
import type { ReferenceConfigFile } from './configSchema.js';

/** The shared rate-limit store `rate_limit.store` names, or null for the in-memory default. */
export function rateLimitStore(config: Pick<ReferenceConfigFile, 'rate_limit'>, log: Logger): RedisRateLimitStore | null {
  const url = config.rate_limit?.store;
  if (config.rate_limit?.requests === 0 || url === undefined || url === 'memory') return null;
  return new RedisRateLimitStore({
    url,
    // One line when Redis stops answering and one when it is back; requests in between are
    // served without the limit (fail open), each without a line of its own.
    onStatus: (status) => log.log(status.ok ? 'info' : 'warn', status.ok ? 'rate_limit_store_up' : 'rate_limit_store_down', status.ok ? {} : { error: status.error, effect: 'requests are served without the rate limit' }),
  });
}
