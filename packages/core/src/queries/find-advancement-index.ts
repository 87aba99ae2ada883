import { namespacedAdvancementId } from '../catalogue/advancement-catalogue.js';
import type { Snapshot } from '../snapshot/types.js';
import { snapshotIndex } from './snapshot-index.js';

/**
 * The index in `snapshot.advancements` of an id (the `minecraft:` namespace may be omitted, as
 * the spec allows on lookup; a leading or trailing slash is ignored), or -1.
 *
 * @example
 * findAdvancementIndex(snapshot, 'story/mine_stone') === findAdvancementIndex(snapshot, 'minecraft:story/mine_stone'); // true
 */
export function findAdvancementIndex(snapshot: Snapshot, id: string): number {
  if (typeof id !== 'string') return -1;
  const clean = id.trim().replace(/^\/+|\/+$/g, '');
  if (clean === '') return -1;
  // Exactly first: a data pack may use upper case, which the game itself allows in no id.
  const byId = snapshotIndex(snapshot).byAdvancement;
  return byId.get(namespacedAdvancementId(clean)) ?? byId.get(namespacedAdvancementId(clean.toLowerCase())) ?? -1;
}
