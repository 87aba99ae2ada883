import type { ServerInfo, Snapshot } from '../snapshot/types.js';
import { playerCounts } from './player-counts.js';
import { snapshotIndex } from './snapshot-index.js';

/** A snapshot stored before the hiding rules existed was built with none. */
const NO_HIDING = { exclude_banned: false, exclude_ops: false, hide_list: 0, hidden_players: 0 };

/**
 * `GET /v1/server`: name and addresses, player counts by edition (all, ranked, and active:
 * online within `inactive_days` of the snapshot, DECISIONS 12), the ranking rules and crown
 * weights, what the save holds, and the hiding rules in force as counts (never who).
 *
 * @example
 * ```ts
 * const info = serverInfo(snapshot);
 * info.players; // { total: 42, java: 30, bedrock: 12, ranked: { … }, active: { total: 9, java: 7, bedrock: 2 } }
 * info.ranking; // { min_playtime_minutes: 60, inactive_days: 30, crown_weights: { gold: 4, silver: 2, bronze: 1 } }
 * info.hiding; // { exclude_banned: true, exclude_ops: false, hide_list: 1, hidden_players: 3 }
 * ```
 */
export function serverInfo(snapshot: Snapshot): ServerInfo {
  const { all, ranked, active } = playerCounts(snapshot);
  const vanilla = snapshotIndex(snapshot).vanillaAdvancements;
  return {
    name: snapshot.server.name,
    short_name: snapshot.server.short_name,
    addresses: { ...snapshot.server.addresses },
    level_name: snapshot.server.level_name,
    players: { ...all, ranked: { ...ranked }, active: { ...active } },
    ranking: {
      min_playtime_minutes: snapshot.config.min_playtime_minutes,
      inactive_days: snapshot.config.inactive_days,
      crown_weights: { ...snapshot.config.crown_weights },
    },
    stats: snapshot.stats.length,
    advancements: {
      vanilla,
      datapack: snapshot.advancements.length - vanilla,
      scanned_players: snapshot.server.scanned_players,
    },
    data_versions: [...snapshot.server.data_versions],
    hiding: { ...(snapshot.server.hiding ?? NO_HIDING) },
    time_zone: snapshot.config.time_zone,
    data_updated_at: snapshot.data_updated_at,
  };
}
