import type { BenchSave } from './generate/generate-save.js';
import type { Row } from './lib/Row.js';
import { int, mb } from './lib/units.js';

/** The row that says how large a generated save is on disk. */
export function saveRow(save: BenchSave, players: number, size: string): Row {
  const total = save.bytes.stats + save.bytes.advancements + save.bytes.playerdata;
  return {
    part: 'save on disk',
    size,
    result: `${mb(total)}: stats ${mb(save.bytes.stats)}, advancements ${mb(save.bytes.advancements)}, playerdata ${mb(save.bytes.playerdata)}`,
    against: `${int((3 * players))} files, ${(total / players / 1024).toFixed(0)} KB a player`,
    ratio: '',
    target: '',
    status: '',
  };
}
