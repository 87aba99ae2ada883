import type { ActivityRecord, Snapshot } from '@blockstats/core';
import type { SiteServer } from './SiteNetwork.js';

/** What the site needs of one request (the router's exchange provides it). */
export interface SiteExchange {
  request: Request;
  /** The public URL of the request (base URL + path + query). */
  url: URL;
  /** Public base URL without a trailing slash. */
  baseUrl: string;
  /** On a network, the server whose view is asked for (`?server=`), else null. */
  server: SiteServer | null;
  /** Whether `baseUrl` is configured or from a trusted proxy, not just the request's `Host`. */
  originTrusted: boolean;
  snapshot(): Promise<Snapshot | null>;
  record(): Promise<ActivityRecord | null>;
}
