import type { Advancement, Snapshot } from '../snapshot/types.js';
import { findAdvancementIndex } from './find-advancement-index.js';
import { toAdvancement } from './to-advancement.js';

/**
 * `GET /v1/advancements/{advancement_id}`: one advancement with rarity, first earner
 * (`first_by`) and `first_completed_at`. The `minecraft:` namespace may be omitted. Null when
 * the id is unknown.
 *
 * @example
 * ```ts
 * const elytra = getAdvancement(snapshot, 'end/elytra');
 * elytra?.title; // "Sky's the Limit"
 * elytra?.first_by?.name; // 'Steve'
 * ```
 */
export function getAdvancement(snapshot: Snapshot, id: string): Advancement | null {
  const index = findAdvancementIndex(snapshot, id);
  return index === -1 ? null : toAdvancement(snapshot, index);
}
