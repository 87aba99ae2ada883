import { resolvePlayerIndex, type Snapshot } from '@blockstats/core';
import { advancementPath } from './advancementPath.js';
import { isSafeSegment } from './isSafeSegment.js';

export { advancementPath } from './advancementPath.js';

/** Longest name used as a path (Java names have at most 16 characters, Floodgate's prefix aside). */
const MAX_NAME_LENGTH = 32;

/**
 * The path segment of a player's pages: the name when it is a safe path segment
 * ({@link isSafeSegment}: not `index.html`, `..`, `con`, a colon, over 32 characters) and names this
 * very player (names match ignoring case, and a reused name resolves to the most recently seen
 * account, so the other one is linked by UUID: no two players' folders differ only in case),
 * else the dashed UUID. So links read `/players/Steve` and never break.
 *
 * @example
 * playerSegment(snapshot, { uuid: '069a79f4-…', name: 'Steve' }); // 'Steve'
 * playerSegment(snapshot, { uuid: '00000000-…', name: '<b>' }); // '00000000-…'
 */
export function playerSegment(snapshot: Snapshot, player: { uuid: string; name: string | null }): string {
  const name = player.name;
  if (name === null || name.length > MAX_NAME_LENGTH || !isSafeSegment(name)) return player.uuid;
  const index = resolvePlayerIndex(snapshot, name);
  return index !== -1 && snapshot.players[index]!.uuid === player.uuid ? name : player.uuid;
}

/** `/x`, or `/x/page/n` from the second page on. */
const paged = (base: string, page: number) => (page > 1 ? `${base}/page/${page}` : base);

/**
 * Every page of the site as a path from the site's root. Pages link through these (and
 * {@link SiteLinks}), never by writing paths by hand, so a mount path and the export's relative
 * links work everywhere.
 */
export const sitePaths = {
  home: '/',
  stats: '/stats',
  stat: (id: string, page = 1) => paged(`/stats/${encodeURIComponent(id)}`, page),
  players: (page = 1) => paged('/players', page),
  player: (segment: string) => `/players/${encodeURIComponent(segment)}`,
  advancements: '/advancements',
  advancement: (id: string) => `/advancements/${advancementPath(id)}`,
  hallOfFame: (page = 1) => paged('/hall-of-fame', page),
  events: '/events',
  event: (id: string) => `/events/${encodeURIComponent(id)}`,
  activity: '/activity',
  totals: '/totals',
  compare: '/compare',
  asset: (version: string, file: string) => `/assets/${version}/${file}`,
  /** A skin's head, drawn by blockstats (immutable: a texture hash never changes). */
  head: (hash: string) => `/assets/heads/${hash}.png`,
} as const;
