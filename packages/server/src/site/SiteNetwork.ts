import type { Snapshot } from '@blockstats/core';
import type { SiteApi } from './siteApi.js';

/** One server of a network, as the site shows it (issue 38). */
export interface SiteServer {
  /** The value of `?server=` (and of the export's `servers/<id>/` folder). */
  id: string;
  /** Display name. */
  name: string;
}

/** One entry of the server switcher: a view of the network and the current page's path there. */
export interface ViewTarget {
  /** The server, or null for the whole network. */
  server: SiteServer | null;
  /** The page's path in that view (the same page, or its list when the view lacks it). */
  path: string;
  /** The page's query to keep (served only: search filters, compare). */
  query: Readonly<Record<string, string>>;
}

/** What a page of a network's site knows of the network (null on a single server). */
export interface SiteNetwork {
  /** Every server, in configuration order. */
  servers: readonly SiteServer[];
  /** The server whose view the page shows, or null for the network. */
  current: SiteServer | null;
  /** The switcher's entries: the network first, then each server. */
  views: readonly ViewTarget[];
  /** The API of one view (a server's id, or null for the network), whichever view the page shows. */
  api(server: string | null): SiteApi;
  /** The snapshot of one view (null before its first build): its players' link segments. */
  snapshot(server: string | null): Snapshot | null;
}
