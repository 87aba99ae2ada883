import { packedPartsOf } from './packed.js';
import type { PlayerSave } from './types.js';

/**
 * Whether this reading of a player includes their stats file: it exists and could be read.
 * False when it is missing or was unreadable at this read (the player's counters are then
 * empty, which is no reading at all: recording them as zeroes would make their return look
 * like activity).
 *
 * @example
 * const recorded = save.players.filter(hasStatsReading);
 */
export function hasStatsReading(player: PlayerSave): boolean {
  if (player.files.stats === null) return false;
  const packed = packedPartsOf(player);
  if (packed !== undefined) return packed.stats !== null;
  return player.statsDataVersion !== null || player.legacyStats || Object.keys(player.stats).length > 0;
}
