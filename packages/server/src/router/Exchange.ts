import type { ActivityRecord, Snapshot } from '@blockstats/core';
import type { ApiError } from '../http/ApiError.js';
import type { SiteClaim } from '../site/createSite.js';
import type { NetworkServer } from './NetworkServer.js';

/** Per-request state the itty handlers share with the pipeline. */
export interface Exchange {
  request: Request;
  url: URL;
  baseUrl: string;
  /**
   * Whether `baseUrl` is vouched for: configured, or from a trusted proxy. Otherwise it is the
   * request's own `Host`, which anyone can set: pages then write no absolute links (og:url, og:image).
   */
  originTrusted: boolean;
  problemBase: string;
  now: number;
  /** The client's key (`clientAddress`): the rate limit's and the PNG renderer's unit. */
  client: string;
  rateLimitExceeded: ApiError | null;
  /** Set by `refuse`: the answer, whatever the route. */
  refused: ApiError | null;
  /** The network server `?server=` selected, or null for the network (or the single server). */
  server: NetworkServer | null;
  /** The selected server's snapshot, else the router's. */
  snapshot: () => Promise<Snapshot | null>;
  record: () => Promise<ActivityRecord | null>;
  /** Set when the website answers this request (a page, its files, a browser's 404). */
  site: SiteClaim | null;
}
