import type { GetClientAddress } from '../http/clientAddress.js';

/** The slice of Deno's `ServeHandlerInfo` this reads. */
interface DenoServeInfo {
  remoteAddr: { hostname?: string };
}

/**
 * Deno: `Deno.serve((request, info) => router.fetch(request, info))` passes the handler info,
 * whose `remoteAddr.hostname` is the peer.
 *
 * @example
 * Deno.serve({ port: 8080 }, (request, info) => router.fetch(request, info));
 */
export const denoClientAddress: GetClientAddress = (_request, ...extra) => {
  const info = extra[0] as Partial<DenoServeInfo> | null | undefined;
  const hostname = info && typeof info === 'object' ? info.remoteAddr?.hostname : undefined;
  return typeof hostname === 'string' ? hostname : undefined;
};
