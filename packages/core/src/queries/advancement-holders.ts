import type { HoldersPage, HoldersParams, Snapshot } from '../snapshot/types.js';
import { findAdvancementIndex } from './find-advancement-index.js';
import { isoTime } from './iso-time.js';
import { holderTime } from '../snapshot/holder-times.js';
import { pageBounds, paginate } from './page-bounds.js';
import { QueryError } from './query-error.js';
import { toAdvancement } from './to-advancement.js';
import { toPlayer } from './to-player.js';

/**
 * `GET /v1/advancements/{advancement_id}/holders`: who completed an advancement and when.
 * `order` `first` (default) lists the earliest first; `latest` the newest first. `position` 1
 * is always the first on the server. Null for an unknown advancement; a QueryError naming
 * `order` for a bad order. Default limit 50.
 *
 * @example
 * ```ts
 * const page = advancementHolders(snapshot, 'end/kill_dragon', { order: 'first', limit: 1 });
 * page?.items[0]; // { position: 1, player: { name: 'Steve', … }, completed_at: '2024-05-01T16:03:11.000Z' }
 * ```
 */
export function advancementHolders(snapshot: Snapshot, id: string, params: HoldersParams = {}): HoldersPage | null {
  const bounds = pageBounds(params, 50);
  const order = params.order ?? 'first';
  if (order !== 'first' && order !== 'latest') {
    throw new QueryError('invalid', 'order', 'order must be first or latest', [String(order)]);
  }
  const index = findAdvancementIndex(snapshot, id);
  if (index === -1) return null;
  const a = snapshot.advancements[index]!;
  const all = Array.from({ length: a.holders.length }, (_, i) => i);
  const known = all.filter((i) => holderTime(a.holder_at, i) !== -1);
  const unknown = all.filter((i) => holderTime(a.holder_at, i) === -1);
  // Holders whose file gave no time stay last either way: they are neither first nor latest.
  const positions = order === 'first' ? [...known, ...unknown] : [...known.reverse(), ...unknown];
  return {
    advancement: toAdvancement(snapshot, index),
    ...paginate(positions, bounds, (i) => ({
      position: i + 1,
      player: toPlayer(snapshot, a.holders[i]!),
      completed_at: isoTime(holderTime(a.holder_at, i)),
    })),
  };
}
