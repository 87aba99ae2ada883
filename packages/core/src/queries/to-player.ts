import type { Player, Snapshot } from '../snapshot/types.js';
import { isoTime } from './iso-time.js';
import { playerTextures } from './player-textures.js';

/**
 * The SPEC Player object of the player at `index` in `snapshot.players`: the one shape in which
 * players appear in every output.
 *
 * @example
 * toPlayer(snapshot, 0); // { uuid, name, edition, ranked, last_online, skin, textures }
 */
export function toPlayer(snapshot: Snapshot, index: number): Player {
  const p = snapshot.players[index]!;
  return {
    uuid: p.uuid,
    name: p.name,
    edition: p.edition,
    ranked: p.ranked,
    last_online: isoTime(p.last_online_ms),
    skin: p.skin,
    textures: playerTextures(snapshot.config.texture_templates, p.uuid, p.edition, p.skin),
  };
}
