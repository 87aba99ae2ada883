import { findPlayer, type Snapshot } from '@blockstats/core';
import type { PageMatch } from './sitePages.js';
import type { SiteServer, ViewTarget } from './SiteNetwork.js';
import { advancementPath, sitePaths } from './sitePaths.js';

/** The view of a network and its snapshot (null before its first build). */
export interface ViewSnapshot {
  server: SiteServer | null;
  snapshot: Snapshot | null;
}

/**
 * Where the switcher sends each view for the current page: the same page when that view has it,
 * else the list it belongs to. A paged list opens on its first page (views have different
 * lengths); a player, statistic or advancement that view lacks opens its list; an event opens the
 * events (each view records its own). The page's query is kept, `server` aside.
 *
 * @example
 * viewTargets(matchPage('/players/Steve')!, '/players/Steve', new URLSearchParams(), views);
 * // [{ server: null, path: '/players/Steve', … }, { server: { id: 'creative', … }, path: '/players', … }]
 */
export function viewTargets(match: PageMatch, path: string, search: URLSearchParams, views: readonly ViewSnapshot[]): ViewTarget[] {
  const query: Record<string, string> = {};
  for (const [key, value] of search) if (key !== 'server') query[key] = value;
  return views.map(({ server, snapshot }) => ({ server, query, path: pathIn(match, path, snapshot) }));
}

function decoded(raw: string | undefined): string {
  try {
    return decodeURIComponent(raw ?? '');
  } catch {
    return raw ?? '';
  }
}

/** The current page's path in a view whose snapshot is `snapshot`. */
function pathIn(match: PageMatch, path: string, snapshot: Snapshot | null): string {
  const { page, params } = match;
  if (params.page !== undefined) return path.replace(/\/page\/[^/]+$/, '');
  if (page.pattern.startsWith('/events/')) return sitePaths.events;
  if (!snapshot || !page.notFound) return path;
  const value = decoded(params[page.notFound.param]);
  switch (page.notFound.kind) {
    case 'player':
      return findPlayer(snapshot, value) ? path : sitePaths.players();
    case 'stat':
      return snapshot.stats.some((s) => s.id === value) ? path : sitePaths.stats;
    default:
      return snapshot.advancements.some((a) => a.id === value || advancementPath(a.id) === value) ? path : sitePaths.advancements;
  }
}
