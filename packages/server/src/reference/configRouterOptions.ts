import { RateLimitStoreUnavailableError, type RedisRateLimitStore } from '../redis/RedisRateLimitStore.js';
import type { RouterOptions } from '../router/RouterOptions.js';
import type { LiveSources } from './liveSources.js';
import type { Logger } from './logger.js';
import type { PngRenderer } from './pngRenderer.js';
import { errorMessage } from './errorMessage.js';
import { siteOption } from './siteOption.js';
import type { ReferenceConfigFile } from './configSchema.js';
import type { ReferenceServerOptions } from './types.js';

/** What the router options below are made from besides the configuration. */
export interface ConfigRouterContext {
  options: ReferenceServerOptions;
  clock: () => number;
  log: Logger;
  live: LiveSources;
  limitStore: RedisRateLimitStore | null;
  png: PngRenderer | null;
}

/** The weekly events' schedule of the configuration (`events.schedule`), keyed by week number. */
export function eventScheduleOf(config: Pick<ReferenceConfigFile, 'events'>): Record<number, string> | undefined {
  const schedule = config.events?.schedule;
  return schedule ? Object.fromEntries(Object.entries(schedule).map(([week, id]) => [Number(week), id])) : undefined;
}

/** `rate_limit` of the configuration as the router takes it (`requests: 0` switches it off). */
export function rateLimitOption(config: Pick<ReferenceConfigFile, 'rate_limit'>, store: RedisRateLimitStore | null): RouterOptions['rateLimit'] {
  return config.rate_limit?.requests === 0
    ? false as const
    : {
      ...(config.rate_limit?.requests !== undefined ? { limit: config.rate_limit.requests } : {}),
      ...(config.rate_limit?.window !== undefined ? { windowSeconds: Math.max(1, Math.round(config.rate_limit.window / 1000)) } : {}),
      ...(store ? { store } : {}),
    };
}

/**
 * The router options a reference server (one server's or a network's) takes from its
 * configuration alike: clock, rate limit, proxies, URLs, weekly events, the website and its
 * languages, PNG rendering, and internal errors logged (a down rate-limit store is reported
 * once by the store itself). The data sources are each server's own.
 */
export function configRouterOptions(config: ReferenceConfigFile, context: ConfigRouterContext): Omit<RouterOptions, 'snapshot'> {
  const { options, live, png, log } = context;
  const eventSchedule = eventScheduleOf(config);
  return {
    clock: context.clock,
    ...(options.random ? { random: options.random } : {}),
    rateLimit: rateLimitOption(config, context.limitStore),
    ...(config.trusted_proxies ? { trustedProxies: config.trusted_proxies } : {}),
    ...(config.base_url ? { baseUrl: config.base_url } : {}),
    ...(config.problem_base ? { problemBase: config.problem_base } : {}),
    events: { ...(config.events?.pool ? { pool: config.events.pool } : {}), ...(eventSchedule ? { schedule: eventSchedule } : {}) },
    site: siteOption(config, { ...(live.skins ? { heads: (hash: string) => live.skins!.headPixels(hash) } : {}), ...options.site }),
    ...(config.site?.languages ? { languages: config.site.languages } : {}),
    ...(png ? { renderPng: png.render } : {}),
    onError: (error, request) => {
      if (error instanceof RateLimitStoreUnavailableError) return;
      log.log('error', 'internal_error', { method: request.method, path: new URL(request.url).pathname, error: errorMessage(error) });
    },
  };
}
