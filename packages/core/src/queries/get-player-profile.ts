import { value } from '../value/value.js';
import type { PlayerProfile, ProfileParams, Snapshot } from '../snapshot/types.js';
import { daysBetween } from './days-between.js';
import { isoTime } from './iso-time.js';
import { profileLink } from './profile-link.js';
import { resolvePlayerIndex } from './resolve-player-index.js';
import { snapshotIndex } from './snapshot-index.js';
import { toPlayer } from './to-player.js';
import { toTopRanks } from './to-top-ranks.js';

/**
 * `GET /v1/players/{player}`: a player's profile: the Player fields plus medals, crown score,
 * hall-of-fame rank, ten best ranks, first seen (and whether that is only a floor), days on the
 * server (to the snapshot's time), advancements earned and play time. The identifier is a name
 * (exact, case-insensitive; a reused name gives the most recently seen account), a dashed UUID
 * or a bare 32-hex UUID. Null when nobody matches.
 *
 * @example
 * ```ts
 * const steve = getPlayerProfile(snapshot, 'steve', { baseUrl: 'https://stats.example.net' });
 * steve?.medals; // { gold: 3, silver: 1, bronze: 0 }
 * steve?.top_ranks[0]; // { id: 'jump', title: 'Jumps', rank: 1, value: 12345, display: '12,345', … }
 * steve?.links.profile; // 'https://stats.example.net/players/8667ba71-b85a-4004-af54-457a9734eed7'
 * ```
 */
export function getPlayerProfile(snapshot: Snapshot, identifier: string, params: ProfileParams = {}): PlayerProfile | null {
  const index = resolvePlayerIndex(snapshot, identifier);
  if (index === -1) return null;
  const p = snapshot.players[index]!;
  const [gold, silver, bronze] = p.medals;
  return {
    ...toPlayer(snapshot, index),
    links: { profile: profileLink(snapshot, index, params.baseUrl) },
    crown_score: p.crown_score,
    hall_of_fame_rank: p.hall_of_fame_rank,
    medals: { gold, silver, bronze },
    top_ranks: toTopRanks(snapshot, index),
    first_seen: isoTime(p.first_seen_ms),
    first_seen_estimated: p.first_seen_estimated,
    days_on_server: daysBetween(p.first_seen_ms, Date.parse(snapshot.data_updated_at)),
    advancements_earned: p.advancements_earned,
    advancements_available: snapshotIndex(snapshot).vanillaAdvancements,
    play_time: value(p.play_time, 'ticks'),
  };
}
