import { entryAdvancement, entryCount, entryDone, entryObtained, entryRequired, entryTime } from '../snapshot/advancement-row.js';
import { type PlayerAdvancementEntry, type PlayerAdvancements, type PlayerAdvancementsParams, type Snapshot } from '../snapshot/types.js';
import { isoTime } from './iso-time.js';
import { pageBounds, paginate } from './page-bounds.js';
import { resolvePlayerIndex } from './resolve-player-index.js';
import { snapshotIndex } from './snapshot-index.js';
import { toAdvancementSummary } from './to-advancement.js';
import { toPlayer } from './to-player.js';

/**
 * `GET /v1/players/{player}/advancements`: the player's advancements, newest completion first.
 * With `completed: false`, unfinished ones follow, latest progress first, each with `progress`
 * (requirement groups obtained of required; required is null for a datapack advancement).
 * Vanilla only unless `includeDatapack`. `completed` and `available` are the player's completed
 * vanilla advancements and the server's vanilla count (SPEC meta.completed, meta.total); `total`
 * counts the listed entries. Recipe unlocks are only counted (`recipes`). Null when the player
 * is unknown. No limit by default.
 *
 * @example
 * ```ts
 * const mine = playerAdvancements(snapshot, 'Steve', { completed: false });
 * `${mine?.completed} / ${mine?.available}`; // '87 / 126'
 * mine?.items.find((e) => !e.done)?.progress; // { obtained: 31, required: 54, updated_at: '2024-…' }
 * ```
 */
export function playerAdvancements(
  snapshot: Snapshot,
  identifier: string,
  params: PlayerAdvancementsParams = {},
): PlayerAdvancements | null {
  const bounds = pageBounds(params, Infinity);
  const index = resolvePlayerIndex(snapshot, identifier);
  if (index === -1) return null;
  const onlyCompleted = params.completed ?? true;
  const row = snapshot.players[index]!.advancements;
  const entries: number[] = [];
  for (let i = 0; i < entryCount(row); i++) {
    const advancement = snapshot.advancements[entryAdvancement(row, i)]!;
    if (advancement.source === 'datapack' && !params.includeDatapack) continue;
    if (onlyCompleted && !entryDone(row, i)) continue;
    entries.push(i);
  }
  const page = paginate(entries, bounds, (i): PlayerAdvancementEntry => {
    const done = entryDone(row, i);
    const at = isoTime(entryTime(row, i));
    const required = entryRequired(row, i);
    return {
      advancement: toAdvancementSummary(snapshot, entryAdvancement(row, i)),
      done,
      completed_at: done ? at : null,
      progress: done ? null : { obtained: entryObtained(row, i), required: required === -1 ? null : required, updated_at: at },
    };
  });
  const p = snapshot.players[index]!;
  return {
    player: toPlayer(snapshot, index),
    ...page,
    completed: p.advancements_earned,
    available: snapshotIndex(snapshot).vanillaAdvancements,
    recipes: p.recipes,
  };
}
