import { bunClientAddress } from '../runtime/bunClientAddress.js';
import { denoClientAddress } from '../runtime/denoClientAddress.js';
import { nodeClientAddress } from '../runtime/nodeClientAddress.js';
import { canonicalAddress } from './canonicalAddress.js';
import { clientKey, withoutPort } from './clientKey.js';

/**
 * How the router learns the address of the peer a request came from. `extra` is whatever the
 * runtime passed after the request to `router.fetch(request, ...extra)`.
 */
export type GetClientAddress = (request: Request, ...extra: unknown[]) => string | null | undefined;

/**
 * The default {@link GetClientAddress}: understands what each runtime hands to a fetch handler.
 * - this package's Node adapter and the framework examples pass `{ remoteAddress }` (`ConnInfo`);
 * - Deno.serve passes `info` with `remoteAddr.hostname`;
 * - Bun.serve passes the server, whose `requestIP(request)` gives `{ address }`.
 * `CF-Connecting-IP` is not read: anyone can send it off Cloudflare (see `cloudflareClientAddress`).
 * Anything else yields undefined: every such request shares one rate-limit bucket, so pass a
 * `ConnInfo` or configure a `getClientAddress` for such hosts.
 */
export const defaultGetClientAddress: GetClientAddress = (request, ...extra) =>
  nodeClientAddress(request, ...extra) ?? denoClientAddress(request, ...extra) ?? bunClientAddress(request, ...extra);

/**
 * The rate-limit key of the client a request is attributed to (DECISIONS 19): the socket's peer,
 * unless the peer is a trusted proxy; then `X-Forwarded-For` is read from the right, skipping
 * trusted hops, and the first untrusted hop is the client. A header from an untrusted peer is
 * never believed, and a client cannot push itself past a proxy by prepending fake entries (they
 * sit to the left). Hops may carry a port (`1.2.3.4:5678`) and be in any `inet_aton` spelling
 * (`0x0a.9.9.9` is `10.9.9.9`, for the trust check too). A hop that is not an address at all
 * (`unknown`, `evil`, a spelling that overflows) is refused as a client: the trusted hop that
 * passed it on is counted instead, so made-up hops never buy budgets of their own. The address is returned as its
 * {@link clientKey}, so every spelling of one client, and every IPv6 address of one /64, shares
 * one budget.
 *
 * @example
 * clientAddress('10.0.0.2', '203.0.113.9, 10.0.0.7', (a) => a.startsWith('10.')); // '203.0.113.9'
 * clientAddress('::ffff:203.0.113.9', null, () => false); // '203.0.113.9'
 */
export function clientAddress(peer: string | null | undefined, forwardedFor: string | null, trusted: (address: string) => boolean): string {
  if (!peer) return 'unknown';
  if (!forwardedFor || !trusted(peer)) return clientKey(peer);
  const hops = forwardedFor.split(',');
  let client = peer;
  for (let i = hops.length - 1; i >= 0 && trusted(client); i--) {
    const hop = hops[i]!.trim();
    if (hop === '') continue;
    const address = canonicalAddress(withoutPort(hop));
    if (address === null) break;
    client = address;
  }
  return clientKey(client);
}
