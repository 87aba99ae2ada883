import type { Advancement, AdvancementSummary, Snapshot } from '../snapshot/types.js';
import { isoTime } from './iso-time.js';
import { holderTime } from '../snapshot/holder-times.js';
import { toPlayer } from './to-player.js';

/**
 * The rarity of an advancement: holders over scanned players (players with an advancements
 * file), 0 when nobody was scanned. `rarity_percent` is rounded to two decimals.
 *
 * @example
 * advancementRarity(snapshot, 0); // { completed_by: 3, rarity: 0.25, rarity_percent: 25 }
 */
export function advancementRarity(
  snapshot: Snapshot,
  index: number,
): Pick<AdvancementSummary, 'completed_by' | 'rarity' | 'rarity_percent'> {
  const completed = snapshot.advancements[index]!.holders.length;
  const scanned = snapshot.server.scanned_players;
  const rarity = scanned > 0 ? completed / scanned : 0;
  return { completed_by: completed, rarity, rarity_percent: Math.round(rarity * 10_000) / 100 };
}

/**
 * The short form of the advancement at `index`, as it appears inside feed, player and milestone
 * entries.
 *
 * @example
 * toAdvancementSummary(snapshot, 0).title; // 'Minecraft'
 */
export function toAdvancementSummary(snapshot: Snapshot, index: number): AdvancementSummary {
  const a = snapshot.advancements[index]!;
  return {
    id: a.id,
    title: a.title,
    category: a.category,
    source: a.source,
    frame: a.frame,
    icon: a.icon,
    ...advancementRarity(snapshot, index),
  };
}

/**
 * The SPEC Advancement object of the advancement at `index`, with who earned it first and when.
 *
 * @example
 * toAdvancement(snapshot, 0).first_by?.name; // 'Steve'
 */
export function toAdvancement(snapshot: Snapshot, index: number): Advancement {
  const a = snapshot.advancements[index]!;
  const first = a.holders[0];
  return {
    ...toAdvancementSummary(snapshot, index),
    description: a.description,
    hidden: a.hidden,
    wiki: a.wiki,
    first_by: first === undefined ? null : toPlayer(snapshot, first),
    first_completed_at: first === undefined ? null : isoTime(holderTime(a.holder_at, 0)),
  };
}
