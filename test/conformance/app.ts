/**
 * The application every conformance target serves: the router (API and website) over a fixed
 * snapshot with a fixed clock and randomness, the runtime's client-address capability (the
 * default reads Node's, Bun's and Deno's; workerd is given Cloudflare's), the default in-memory
 * rate limit (every target gets a fresh router and the same requests, so the counters agree),
 * and public links on a fixed base URL (ports differ between targets).
 * `GET <base>/__peer` answers what the runtime's client-address capability saw, so each target
 * shows that the capability works there.
 */
import type { Snapshot } from '@blockstats/core';
import { createRouter, defaultGetClientAddress, type GetClientAddress } from '@blockstats/server';

/** The clock of every target. */
export const CONFORMANCE_NOW = Date.UTC(2026, 10, 16, 12, 30);
/** Public base URL of every target. */
export const CONFORMANCE_BASE_URL = 'https://stats.example.net';

/** A fetch handler serving the conformance application. */
export function conformanceApp(snapshot: Snapshot, basePath = '', getClientAddress: GetClientAddress = defaultGetClientAddress): { fetch(request: Request, ...extra: unknown[]): Promise<Response> } {
  const router = createRouter({
    getClientAddress,
    snapshot: () => snapshot,
    clock: () => CONFORMANCE_NOW,
    random: () => 0.25,
    baseUrl: CONFORMANCE_BASE_URL,
    basePath,
    // The website too (its pages are served by the same router in every runtime), with no
    // third-party images so that its pages are the same everywhere.
    site: { externalImages: false },
    // Errors reach the client as 500s; here they must also fail the comparison loudly.
    onError: (error) => console.error('conformance: unexpected error', error),
  });
  return {
    fetch(request, ...extra) {
      if (new URL(request.url).pathname === `${basePath}/__peer`) {
        return Promise.resolve(new Response(getClientAddress(request, ...extra) ?? 'none'));
      }
      return router.fetch(request, ...extra);
    },
  };
}
