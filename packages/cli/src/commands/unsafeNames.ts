import type { Snapshot } from '@blockstats/core';
import { advancementPath, playerSegment } from '@blockstats/server';

/** Players and advancements whose pages are not under their name or id. */
export interface UnsafeNames {
  /** Names of players whose pages are under their UUID. */
  players: string[];
  /** Ids of advancements whose pages are under an encoded id (`~` and a hash). */
  advancements: string[];
}

/**
 * The players whose name cannot be their page's folder (`index.html`, `..`, `con`, a slash or a
 * colon, over 32 characters, or a name another account uses too) and the advancements whose id
 * cannot be a safe path (`evil:../../x`, upper case, a reserved name): their pages and files are
 * under their UUID or an encoded id, which every page and JSON links to.
 *
 * @example
 * unsafeNames(snapshot); // { players: ['index.html'], advancements: ['evil:../../x'] }
 */
export function unsafeNames(snapshot: Snapshot): UnsafeNames {
  const players: string[] = [];
  for (const player of snapshot.players) {
    if (player.name !== null && playerSegment(snapshot, player) !== player.name) players.push(player.name);
  }
  const advancements = snapshot.advancements.map((a) => a.id).filter((id) => advancementPath(id).startsWith('~'));
  return { players, advancements };
}
