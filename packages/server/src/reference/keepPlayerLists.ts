import type { PlayerListEntry, SaveData } from '@blockstats/core';

const LISTS = [
  ['banned-players.json', 'bannedPlayers'],
  ['ops.json', 'operators'],
] as const;

/** Both lists' entries, one per uuid (the newer read's first), sorted by uuid. */
function union(now: readonly PlayerListEntry[], before: readonly PlayerListEntry[]): PlayerListEntry[] {
  const byUuid = new Map<string, PlayerListEntry>();
  for (const entry of [...now, ...before]) if (!byUuid.has(entry.uuid)) byUuid.set(entry.uuid, entry);
  return [...byUuid.values()].sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
}

/**
 * A ban or operator list caught mid-write (or unreadable for a moment) must not unhide anybody:
 * when the reader warned about `banned-players.json` or `ops.json`, the entries of the last good
 * read are kept beside what it could still read, until the file reads whole again. A list that
 * is gone (no warning) is taken as it is: nobody is banned any more.
 *
 * @example
 * const save = keepPlayerLists(await readSave(dir, { cache }), state.lastSave);
 */
export function keepPlayerLists(save: SaveData, last: SaveData | null): SaveData {
  if (last === null) return save;
  let kept = save;
  for (const [file, key] of LISTS) {
    if (!save.warnings.some((w) => w.file === file)) continue;
    kept = { ...kept, [key]: union(save[key] ?? [], last[key] ?? []) };
  }
  return kept;
}
