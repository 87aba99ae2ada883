import type { GetClientAddress } from '../http/clientAddress.js';

/** The slice of Bun's `Server` this reads. */
interface BunServer {
  requestIP(request: Request): { address: string } | null;
}

/**
 * Bun: `Bun.serve({ fetch: (request, server) => router.fetch(request, server) })` passes the
 * server, whose `requestIP(request)` is the peer.
 *
 * @example
 * Bun.serve({ port: 8080, fetch: (request, server) => router.fetch(request, server) });
 */
export const bunClientAddress: GetClientAddress = (request, ...extra) => {
  const server = extra[0] as Partial<BunServer> | null | undefined;
  if (!server || typeof server !== 'object' || typeof server.requestIP !== 'function') return undefined;
  const ip = server.requestIP(request);
  return ip && typeof ip.address === 'string' ? ip.address : undefined;
};
