import type { PlayerProfile } from '@blockstats/core';
import { ApiError } from '../http/ApiError.js';
import type { SiteNetwork, SiteServer } from './SiteNetwork.js';

/** One row of a profile's per-server breakdown: the player's profile in one view. */
export interface BreakdownRow {
  /** The server, or null for the whole network. */
  server: SiteServer | null;
  profile: PlayerProfile;
}

/**
 * The player's profile on every server of the network it played on (in configuration order),
 * then the network's, each as `/v1/players/{uuid}?server=<id>` answers it: a server without the
 * player is left out.
 *
 * @example
 * const rows = await serverBreakdown(network, '069a79f4-44e9-4726-a5be-fca90e38aaf5');
 */
export async function serverBreakdown(network: SiteNetwork, uuid: string): Promise<BreakdownRow[]> {
  const views: Array<SiteServer | null> = [...network.servers, null];
  const rows = await Promise.all(views.map(async (server) => {
    try {
      const answer = await network.api(server?.id ?? null).get<PlayerProfile>('getPlayer', { player: uuid });
      return { server, profile: answer.data };
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'not-found' || error.code === 'unavailable')) return null;
      throw error;
    }
  }));
  return rows.filter((row): row is BreakdownRow => row !== null);
}
