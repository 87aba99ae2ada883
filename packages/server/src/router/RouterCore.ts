import type { GetClientAddress } from '../http/clientAddress.js';
import type { ResolvedSiteOptions } from '../site/SiteOptions.js';
import type { NetworkServer } from './NetworkServer.js';
import type { Rendered } from './Rendered.js';
import type { ResolvedRateLimit } from './resolveRateLimit.js';
import type { ResponseMemo } from './responseMemo.js';
import type { RouteDefinition } from './RouteDefinition.js';
import type { RouterOptions } from './RouterOptions.js';

/** What `createRouter` resolves from its options once, shared by every step of its pipeline. */
export interface RouterCore {
  options: RouterOptions;
  clock: () => number;
  random: () => number;
  /** When the router was made: the health's default `startedAt`. */
  createdAt: number;
  trusted: (address: string) => boolean;
  getClientAddress: GetClientAddress;
  onError: (error: unknown, request: Request) => void;
  rateLimit: ResolvedRateLimit | null;
  /** `RouterOptions.problemBase` without trailing slashes. */
  problemBaseOption: string | undefined;
  routes: readonly RouteDefinition[];
  routesByOperation: ReadonlyMap<string, RouteDefinition>;
  basePath: string;
  memo: ResponseMemo | null;
  /** The offered languages (resolved `RouterOptions.languages`). */
  languages: readonly string[];
  siteOptions: ResolvedSiteOptions | null;
  /** What a handler sees as the router's capabilities in one server's view (`perServerOptions`). */
  serverOptions: ReadonlyMap<NetworkServer, RouterOptions>;
  /** Memoizable renderings under way, by generation and URL (see `runRoute`). */
  rendering: Map<string, Promise<Rendered>>;
}
