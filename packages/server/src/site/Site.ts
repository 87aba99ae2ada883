import type { SiteClaim } from './SiteClaim.js';
import type { SiteExchange } from './SiteExchange.js';

/** The website part of the router. */
export interface Site {
  /**
   * Whether the site answers this path (outside `/v1`): a page unless the client asks for JSON,
   * a file under `/assets/`, or an unknown path from a browser. Null leaves the request to the
   * API (the `unversioned-path` problem).
   */
  claim(request: Request, pathname: string): SiteClaim | null;
  /** The answer to a claimed request (errors are thrown, then given to {@link Site.error}). */
  serve(claim: SiteClaim, exchange: SiteExchange): Promise<Response>;
  /** An error of a claimed request as an HTML page with the error's status and headers. */
  error(error: unknown, claim: SiteClaim, exchange: SiteExchange): Promise<Response>;
}
