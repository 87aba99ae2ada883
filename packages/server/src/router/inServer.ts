import type { Exchange } from './Exchange.js';
import { exchangeSources } from './exchangeSources.js';
import type { RouterOptions } from './RouterOptions.js';

/** The exchange as if `?server=<id>` (or, for null, no server) had been asked: the site's per-server breakdowns. */
export function inServer(options: RouterOptions, exchange: Exchange, id: string | null): Exchange {
  const server = id === null ? null : options.servers?.find((s) => s.id === id);
  if (server === undefined) throw new Error(`site: no network server ${id}`);
  return { ...exchange, server, ...exchangeSources(options, server) };
}
