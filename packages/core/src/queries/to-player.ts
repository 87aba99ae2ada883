import type { Player, Snapshot, Textures } from '../snapshot/types.js';
import { isoTime } from './iso-time.js';
import { playerTextures } from './player-textures.js';

/** A player's derived strings: the same for every answer of one snapshot. */
interface PlayerStrings {
  last_online: string | null;
  textures: Textures;
}

/** Per snapshot, by player index: what toPlayer derived once (a stats page names a holder many times). */
const derived = new WeakMap<Snapshot, Array<PlayerStrings | undefined>>();

function playerStrings(snapshot: Snapshot, index: number): PlayerStrings {
  let byIndex = derived.get(snapshot);
  if (!byIndex) derived.set(snapshot, (byIndex = []));
  let strings = byIndex[index];
  if (!strings) {
    const p = snapshot.players[index]!;
    strings = { last_online: isoTime(p.last_online_ms), textures: playerTextures(snapshot.config.texture_templates, p.uuid, p.edition, p.skin) };
    byIndex[index] = strings;
  }
  return strings;
}

/**
 * The SPEC Player object of the player at `index` in `snapshot.players`: the one shape in which
 * players appear in every output. A new object each call (the caller may change it); its time
 * and texture URLs are derived once per snapshot and player.
 *
 * @example
 * toPlayer(snapshot, 0); // { uuid, name, edition, ranked, last_online, skin, textures }
 */
export function toPlayer(snapshot: Snapshot, index: number): Player {
  const p = snapshot.players[index]!;
  const strings = playerStrings(snapshot, index);
  return {
    uuid: p.uuid,
    name: p.name,
    edition: p.edition,
    ranked: p.ranked,
    last_online: strings.last_online,
    skin: p.skin,
    textures: { ...strings.textures },
  };
}
