import type { LiveStatus } from '../live/types.js';
import type { NetworkServer } from './NetworkServer.js';

/** One backend's live status in a network's `/v1/status` (`servers[]`): its id and name, then its own ping's fields. */
export interface ServerLiveStatus extends LiveStatus {
  /** The value of `?server=`. */
  id: string;
  name: string;
}

/**
 * Every server of a network with its live status, in configuration order (issue 38: the network's
 * `/v1/status` gives the proxy and each backend). Each backend is asked through its own pinger
 * (its 10-second cache, its timeout) and all at once, so a backend that is down delays the
 * answer by at most the ping timeout; it answers `online: false` with null counts. A backend
 * without an address of its own is not pinged: it answers `notConfigured()`.
 *
 * @example
 * const servers = await serverStatuses(options.servers, () => notConfigured(startedAt));
 */
export function serverStatuses(servers: readonly NetworkServer[], notConfigured: () => LiveStatus): Promise<ServerLiveStatus[]> {
  return Promise.all(servers.map(async ({ id, name, status }) => ({ id, name, ...(status ? await status.status() : notConfigured()) })));
}
