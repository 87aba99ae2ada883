/**
 * @blockstats/server/redis: a rate-limit store in Redis, so that several instances of the server
 * share each client's limit (Node: it uses the node-redis client).
 *
 * @example
 * import { createRouter } from '@blockstats/server';
 * import { RedisRateLimitStore } from '@blockstats/server/redis';
 *
 * const router = createRouter({ snapshot, rateLimit: { store: new RedisRateLimitStore({ url: 'redis://127.0.0.1:6379' }) } });
 */
export { RedisRateLimitStore, RateLimitStoreUnavailableError, type RedisRateLimitStoreOptions } from './redis/RedisRateLimitStore.js';
