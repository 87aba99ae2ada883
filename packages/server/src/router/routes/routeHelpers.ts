import type { Player, PlayerNames, Snapshot } from '@blockstats/core';
import { findPlayer, isBedrockUuid, playerTextures, snapshotNames } from '@blockstats/core';
import type { PathParam } from '../RouteDefinition.js';
import { playerNotFound } from '../toApiError.js';

/** The `{player}` path segment (SPEC "Player identifier"). */
export const playerPathParam: PathParam = {
  description: 'In-game name (exact, case-insensitive; a reused name resolves to the most recently seen account), dashed UUID, or bare 32-hex-digit UUID. Unresolvable gives 404.',
  example: 'Steve',
};

/** The page part of a handler result, from the validated query. */
export function pageOf(total: number, query: { limit: number; offset: number }, count?: number) {
  return { total, limit: query.limit, offset: query.offset, ...(count === undefined ? {} : { count }) };
}

/** Resolves a `{player}` segment or throws the SPEC's 404 naming the accepted forms. */
export function requirePlayer(snapshot: Snapshot, identifier: string): Player {
  const player = findPlayer(snapshot, identifier);
  if (!player) throw playerNotFound(identifier);
  return player;
}

/**
 * Names by uuid, for the activity functions' tie order (DECISIONS 10): a lookup through the
 * snapshot's index (`snapshotNames`), kept per snapshot.
 */
export function namesOf(snapshot: Snapshot): PlayerNames {
  return snapshotNames(snapshot);
}

/**
 * The Player object of a uuid from the activity record. A player recorded after the snapshot was
 * built (or whose files have gone) still gets the one Player shape, with what is known.
 */
export function playerByUuid(snapshot: Snapshot, uuid: string): Player {
  const known = findPlayer(snapshot, uuid);
  if (known) return known;
  const edition = isBedrockUuid(uuid) ? 'bedrock' : 'java';
  return { uuid, name: null, edition, ranked: false, last_online: null, skin: null, textures: playerTextures(snapshot.config.texture_templates, uuid, edition, null) };
}
