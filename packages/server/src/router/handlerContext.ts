import type { Snapshot } from '@blockstats/core';
import type { Exchange } from './Exchange.js';
import type { RouteContext } from './RouteContext.js';
import type { RouterCore } from './RouterCore.js';
import { routerHealth } from './routerHealth.js';
import { unavailable } from './unavailable.js';

/** The context a route handler gets: the request's inputs and the router's capabilities. */
export function handlerContext(core: RouterCore, request: Request, exchange: Exchange, params: Record<string, string>, query: unknown, snapshotNow: Snapshot | null): RouteContext<unknown> {
  const { rateLimit, options } = core;
  return {
    request,
    url: exchange.url,
    baseUrl: exchange.baseUrl,
    basePath: core.basePath,
    problemBase: exchange.problemBase,
    rateLimit: rateLimit ? { limit: rateLimit.limit, windowSeconds: rateLimit.windowSeconds } : null,
    params,
    query,
    client: exchange.client,
    now: exchange.now,
    random: core.random,
    language: 'en',
    snapshot: async () => {
      const snapshot = await exchange.snapshot();
      if (!snapshot) throw unavailable(core, 'Statistics have not been generated yet; the first regeneration is still running.', null);
      return snapshot;
    },
    record: async () => {
      const record = await exchange.record();
      if (!record) throw unavailable(core, exchange.server ? `Activity is not recorded for the server ${exchange.server.id} yet.` : 'Activity is not being recorded on this server, or no pull has completed yet.', await exchange.snapshot());
      return record;
    },
    health: () => routerHealth(core, snapshotNow),
    options: (exchange.server && core.serverOptions.get(exchange.server)) ?? options,
    routes: core.routes,
  };
}
