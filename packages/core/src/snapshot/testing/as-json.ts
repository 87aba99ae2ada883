import { flatEntries } from '../advancement-row.js';
import { holderTime } from '../holder-times.js';
import type { Snapshot } from '../types.js';

/**
 * A built snapshot as `JSON.parse(JSON.stringify(snapshot))` gives it back: the same data, its
 * value columns (`IntValueColumn`s, `ValueColumn`s), boards, ranks and advancement holders (`IndexColumn`s), completion times (`HolderTimes`) and players' advancement rows (`AdvancementRow`s) as plain
 * arrays. Built by hand, so a test compares the two.
 */
export function asJson(snapshot: Snapshot): Snapshot {
  return {
    ...snapshot,
    advancements: snapshot.advancements.map((advancement) => ({ ...advancement, holders: Array.from(advancement.holders), holder_at: Array.from(advancement.holder_at, (_, i) => holderTime(advancement.holder_at, i)!) })),
    players: snapshot.players.map((player) => ({ ...player, advancements: flatEntries(player.advancements) })),
    stats: snapshot.stats.map((stat) => ({ ...stat, values: Array.from(stat.values), board: Array.from(stat.board), ranks: Array.from(stat.ranks) })),
  };
}
