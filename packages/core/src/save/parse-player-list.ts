import { parseGameTime } from './parse-game-time.js';
import { parseEntryList } from './parse-profile-list.js';
import { parseUuid } from './parse-uuid.js';
import type { PlayerListEntry } from './types.js';

function toEntry(value: unknown): PlayerListEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const { uuid, name, expires } = value as Record<string, unknown>;
  const id = typeof uuid === 'string' ? parseUuid(uuid) : null;
  if (id === null) return null;
  return {
    uuid: id,
    name: typeof name === 'string' && name !== '' ? name : null,
    // `forever`, a date the game would not write, or none: the ban stands (never unhide by mistake).
    expires: parseGameTime(expires),
  };
}

/**
 * Reads `banned-players.json` (`[{uuid, name, created, source, expires, reason}]`) or `ops.json`
 * (`[{uuid, name, level, bypassesPlayerLimit}]`): who is listed, by UUID, and until when a ban
 * runs. Only what deciding who to hide needs is kept (never the reason or who banned). Never
 * throws: a broken file gives its intact entries and a `problem`, as `parseProfileList` does.
 * Entries without a valid UUID are left out: the server matches players by UUID.
 *
 * @example
 * parsePlayerList('[{"uuid":"8667ba71-b85a-4004-af54-457a9734eed7","name":"Steve","expires":"forever","reason":"x"}]');
 * // { entries: [{ uuid: '8667ba71-b85a-4004-af54-457a9734eed7', name: 'Steve', expires: null }], problem: null }
 */
export function parsePlayerList(text: string): { entries: PlayerListEntry[]; problem: string | null } {
  return parseEntryList(text, toEntry, 'a valid uuid');
}
