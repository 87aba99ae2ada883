import { FEED_EVENT_STRIDE, type FeedEntry, type FeedPage, type FeedParams, type Snapshot } from '../snapshot/types.js';
import { advancementCategories } from './advancement-categories.js';
import { isoTime } from './iso-time.js';
import { pageBounds, paginate } from './page-bounds.js';
import { QueryError } from './query-error.js';
import { resolvePlayerIndex } from './resolve-player-index.js';
import { toAdvancementSummary } from './to-advancement.js';
import { toPlayer } from './to-player.js';

/**
 * `GET /v1/feed`: the newest vanilla advancement unlocks on the server, newest first, from a
 * bounded rolling tail (its size is configured at build time). Filters: `player` (name or
 * UUID), `category`, `since` (epoch ms; unlocks at or after it). Each entry says whether the
 * player was the first on the server to get it. `feed_window` and `oldest_in_feed` describe
 * the whole tail, filters aside. Default limit 50. Throws a QueryError: `not_found` naming
 * `player` for an unknown player, `invalid` naming `category` or `since` for a bad value.
 *
 * @example
 * ```ts
 * // A bot polling for new unlocks:
 * const page = feed(snapshot, { since: lastSeenMs });
 * for (const e of page.items) console.log(`${e.player.name} got ${e.advancement.title}${e.first_on_server ? ' (first!)' : ''}`);
 * ```
 */
export function feed(snapshot: Snapshot, params: FeedParams = {}): FeedPage {
  const bounds = pageBounds(params, 50);
  let player = -1;
  if (params.player !== undefined) {
    player = resolvePlayerIndex(snapshot, params.player);
    if (player === -1) throw new QueryError('not_found', 'player', `no player matches ${JSON.stringify(params.player)}`, [params.player]);
  }
  if (params.category !== undefined && !advancementCategories(snapshot).includes(params.category)) {
    throw new QueryError('invalid', 'category', `category must be one of ${advancementCategories(snapshot).join(', ')}`, [params.category]);
  }
  if (params.since !== undefined && (typeof params.since !== 'number' || !Number.isFinite(params.since))) {
    throw new QueryError('invalid', 'since', 'since must be a time', [String(params.since)]);
  }
  const events = snapshot.feed.events;
  const matching: number[] = [];
  for (let o = 0; o < events.length; o += FEED_EVENT_STRIDE) {
    if (player !== -1 && events[o] !== player) continue;
    if (params.category !== undefined && snapshot.advancements[events[o + 1]!]!.category !== params.category) continue;
    if (params.since !== undefined && events[o + 2]! < params.since) continue;
    matching.push(o);
  }
  const window = events.length / FEED_EVENT_STRIDE;
  return {
    ...paginate(matching, bounds, (o): FeedEntry => ({
      player: toPlayer(snapshot, events[o]!),
      advancement: toAdvancementSummary(snapshot, events[o + 1]!),
      completed_at: isoTime(events[o + 2])!,
      first_on_server: snapshot.advancements[events[o + 1]!]!.holders[0] === events[o],
    })),
    feed_window: window,
    oldest_in_feed: window === 0 ? null : isoTime(events[events.length - 1]),
  };
}
