import { ApiError } from '../http/ApiError.js';
import type { NetworkServer } from './NetworkServer.js';

/**
 * The network server a request's `server` query parameter names, or null for the network view
 * (the parameter absent or empty, or no network configured: a single server ignores it, as any
 * unknown parameter, DECISIONS 25). An unknown id or a repeated parameter is a 400 naming
 * `server` and listing the ids.
 *
 * @example
 * selectServer(servers, new URLSearchParams('server=skyblock'))?.id; // 'skyblock'
 */
export function selectServer(servers: readonly NetworkServer[] | undefined, search: URLSearchParams): NetworkServer | null {
  if (!servers || servers.length === 0) return null;
  const values = search.getAll('server').filter((value) => value !== '');
  if (values.length === 0) return null;
  const ids = servers.map((s) => s.id).join(', ');
  if (values.length > 1) throw new ApiError('invalid-request', `server must be given once (one of ${ids})`, { parameter: 'server', badge: 'invalid server' });
  const server = servers.find((s) => s.id === values[0]);
  if (!server) {
    const shown = values[0]!.length > 40 ? `${values[0]!.slice(0, 40)}…` : values[0]!;
    throw new ApiError('invalid-request', `server must be one of ${ids}, got ${JSON.stringify(shown)}`, { parameter: 'server', badge: 'invalid server' });
  }
  return server;
}
