/**
 * What a host passes after the request, `router.fetch(request, connInfo)`, to tell the router who
 * is asking: the peer of the connection the request came in on. This package's Node adapter
 * passes it; so do the framework examples (Express `req.socket.remoteAddress`, Fastify
 * `request.socket.remoteAddress`, Hono `getConnInfo(c).remote.address`, SvelteKit
 * `event.getClientAddress()`). Bun and Deno pass their own objects, which
 * `defaultGetClientAddress` also understands.
 *
 * With nothing passed, every request shares one rate-limit bucket: give each host's address
 * like this, or choose `rateLimit: false` when the host rate-limits in front of the router.
 */
export interface ConnInfo {
  /** The peer's IP address, as the socket reports it (`::ffff:203.0.113.9`, `::1`…). */
  remoteAddress?: string | null | undefined;
}
