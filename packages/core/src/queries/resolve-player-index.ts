import { parseUuid } from '../save/parse-uuid.js';
import type { Snapshot } from '../snapshot/types.js';
import { snapshotIndex } from './snapshot-index.js';

/**
 * The index in `snapshot.players` of the player an identifier names, or -1. SPEC player
 * identifier: a dashed UUID, a bare 32-hex UUID, or an in-game name matched exactly but
 * case-insensitively; a reused name resolves to the most recently seen account.
 *
 * @example
 * resolvePlayerIndex(snapshot, '8667ba71b85a4004af54457a9734eed7'); // same as the dashed form
 */
export function resolvePlayerIndex(snapshot: Snapshot, identifier: string): number {
  if (typeof identifier !== 'string') return -1;
  const text = identifier.trim();
  if (text === '') return -1;
  const index = snapshotIndex(snapshot);
  const uuid = parseUuid(text);
  if (uuid !== null) return index.byUuid.get(uuid) ?? -1;
  return index.byName.get(text.toLowerCase()) ?? -1;
}
