import type { GetClientAddress } from '../http/clientAddress.js';

/**
 * Cloudflare Workers: the `CF-Connecting-IP` header, which Cloudflare's edge sets to the client's
 * address (overwriting whatever the client sent). Use it only for a worker deployed on
 * Cloudflare: anywhere else (workerd behind another proxy, a plain server) anyone can send that
 * header, so it is never read by default.
 *
 * @example
 * createRouter({ snapshot, getClientAddress: env.BEHIND_CLOUDFLARE === 'true' ? cloudflareClientAddress : undefined });
 */
export const cloudflareClientAddress: GetClientAddress = (request) => request.headers.get('cf-connecting-ip') ?? undefined;
