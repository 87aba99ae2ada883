import { findPlayer, type Snapshot } from '@blockstats/core';
import type { SiteLinks } from './siteLinks.js';
import { playerSegment, sitePaths } from './sitePaths.js';

/** Longest name the header's search takes (names are 16 characters; UUIDs 36). */
const MAX_QUERY = 64;

/**
 * `/find?name=…`, the header's search box without JavaScript: a 303 to the profile of the player
 * with exactly that name (any case) or UUID, else to the players list filtered by it (an empty
 * search goes to the list). The Location is a path on this site, never the request's host.
 */
export function findRedirect(url: URL, snapshot: Snapshot | null, links: SiteLinks): Response {
  const name = (url.searchParams.get('name') ?? '').trim().slice(0, MAX_QUERY);
  const player = name && snapshot ? findPlayer(snapshot, name) : undefined;
  const location = player && snapshot
    ? links.page(sitePaths.player(playerSegment(snapshot, player)))
    : links.page(sitePaths.players(), { q: name || undefined });
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}
