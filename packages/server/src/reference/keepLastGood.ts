import { hasStatsReading, restorePlayerParts, type PlayerFileKind, type PlayerSave, type SaveData, type SaveWarning } from '@blockstats/core';
import { PlayersByUuid } from './PlayersByUuid.js';

const PARTS: readonly PlayerFileKind[] = ['stats', 'advancements', 'playerdata'];

/** Whether a reading of a player holds data from this part's file (cheap tests first: `advancements` unpacks). */
const HAS: Record<PlayerFileKind, (p: PlayerSave) => boolean> = {
  stats: hasStatsReading,
  advancements: (p) => p.files.advancements !== null && (p.advancementsDataVersion !== null || p.advancements.length > 0 || p.recipes.count > 0),
  playerdata: (p) => p.files.playerdata !== null && (p.playerDataVersion !== null || p.firstPlayed !== null || p.lastOnlineSource === 'paper' || p.lastOnlineSource === 'bukkit'),
};

/** The uuid a player file is named after, or null. */
const UUID_IN_FILE = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(?:json|dat)$/i;

/** What {@link keepLastGood} gives. */
export interface KeptSave {
  /** The save with missing and unreadable player files replaced by their last good reading. */
  save: SaveData;
  /** One warning per file whose last good data was kept. */
  kept: SaveWarning[];
  /** The last good reading of every player, for the next pull (read only: most often a `PlayersByUuid`). */
  lastGood: ReadonlyMap<string, PlayerSave>;
  /**
   * Players of the last good reading (`known`) this read lost a file of (missing or unreadable:
   * kept from the last good reading) or lost entirely, not counting files already kept at the
   * last pull (`previouslyKept`): what {@link lostTooMany} weighs.
   */
  lost: string[];
  /** `uuid/part` of every file whose last good data this read kept (`uuid/*`: the whole player), for the next pull's `previouslyKept`. */
  keptParts: Set<string>;
}

/**
 * The players whose last good reading {@link keepLastGood} may need: those named by a file this
 * read could not use, and those missing a file other players have. After a restart, only these
 * are loaded from disk.
 *
 * @example
 * const wanted = playersToRestore(read).filter((uuid) => onDisk.has(uuid));
 */
export function playersToRestore(read: SaveData): string[] {
  const uuids = new Set<string>();
  for (const warning of read.warnings) {
    const match = warning.unreadable ? UUID_IN_FILE.exec(warning.file) : null;
    if (match) uuids.add(match[1]!.toLowerCase());
  }
  // A part no player has (a world without playerdata/, say) is not missing for anyone.
  const present = PARTS.filter((part) => read.players.some((player) => player.files[part] !== null));
  for (const player of read.players) if (present.some((part) => player.files[part] === null)) uuids.add(player.uuid);
  return [...uuids];
}

/** Whether a player misses a file or has an unreadable one: most players of a pull do not, and skip the per-part loop. */
function mayLackFile({ files }: PlayerSave, unreadable: ReadonlySet<string>): boolean {
  if (files.stats === null || files.advancements === null || files.playerdata === null) return true;
  return unreadable.size > 0 && (unreadable.has(files.stats) || unreadable.has(files.advancements) || unreadable.has(files.playerdata));
}

function byFileThenReason(a: SaveWarning, b: SaveWarning): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0;
}

/**
 * A file caught mid-copy (truncated JSON, half a gzip stream), missing for a pull (moved away,
 * replaced by a folder) or refused (over its size limit) must not wipe that player's numbers: for
 * every player file that a player's last good reading (`previous`) had data from and this read
 * has not (missing, or a warning with `unreadable`), this puts back the fields that file gave,
 * with a warning saying so. A player none of whose files could be read is put back whole; one
 * whose files are all gone is gone. A player with no earlier good reading keeps what was read.
 * `known` are the players of the last good reading (default `previous`'s), to count losses; a
 * file kept already at the last pull (`previouslyKept`, its `keptParts`) is no new loss.
 *
 * @example
 * const { save, kept, lastGood, lost, keptParts } = keepLastGood(await readSave(dir, { cache }), previousLastGood);
 */
export function keepLastGood(
  read: SaveData,
  previous: ReadonlyMap<string, PlayerSave> | null,
  known: Iterable<string> = previous?.keys() ?? [],
  previouslyKept: ReadonlySet<string> = new Set(),
): KeptSave {
  const unreadable = new Set(read.warnings.filter((w) => w.unreadable).map((w) => w.file));
  const kept: SaveWarning[] = [];
  const keptParts = new Set<string>();
  const lost = new Set<string>();
  const keep = (file: string, missing: boolean): void => {
    kept.push({ file, reason: `${missing ? 'missing' : 'unreadable'} at this pull; serving this player's last good data from it` });
  };
  // Only a player lacking a file or with an unreadable one is looked up: the others (nearly all) are taken as read.
  const players = read.players.map((player) => {
    const good = previous !== null && mayLackFile(player, unreadable) ? previous.get(player.uuid) : undefined;
    if (good === undefined) return player;
    const parts: PlayerFileKind[] = [];
    for (const part of PARTS) {
      const file = player.files[part];
      const missing = file === null;
      if ((missing || unreadable.has(file)) && HAS[part](good)) {
        parts.push(part);
        keep(file ?? good.files[part]!, missing);
        keptParts.add(`${player.uuid}/${part}`);
        if (!previouslyKept.has(`${player.uuid}/${part}`)) lost.add(player.uuid);
      }
    }
    return parts.length > 0 ? restorePlayerParts(player, good, parts) : player;
  });
  // Players missing from the read: put back whole when a file of theirs is there but unreadable
  // (none when no file is). Then (rare) the readings are a `Map`, in the order read then put back.
  const restored = unreadable.size > 0 && previous !== null ? restoredWhole(previous, new PlayersByUuid(read.players), unreadable) : [];
  let lastGood: ReadonlyMap<string, PlayerSave> = new PlayersByUuid(players);
  if (restored.length > 0) {
    const readings = new Map(players.map((player) => [player.uuid, player]));
    for (const [uuid, good, files] of restored) {
      for (const file of files) keep(file, false);
      players.push(good);
      readings.set(uuid, good);
      keptParts.add(`${uuid}/*`);
      if (!previouslyKept.has(`${uuid}/*`)) lost.add(uuid);
    }
    lastGood = readings;
  }
  // `known` is most often the last readings' uuids in the same order as these: a uuid at its place needs no lookup.
  const order = restored.length === 0 ? players : null;
  let at = 0;
  for (const uuid of known) {
    if (order?.[at++]?.uuid !== uuid && !lastGood.has(uuid)) lost.add(uuid);
  }
  if (kept.length === 0) return { save: read, kept, lastGood, lost: [...lost], keptParts };
  const sorted = players.slice().sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
  const warnings = [...read.warnings, ...kept].sort(byFileThenReason);
  return { save: { ...read, players: sorted, warnings }, kept, lastGood, lost: [...lost], keptParts };
}

/** The players of `previous` missing from the read (`inRead`) with a file there but unreadable: `[uuid, reading, files]`. */
function restoredWhole(previous: ReadonlyMap<string, PlayerSave>, inRead: ReadonlyMap<string, PlayerSave>, unreadable: ReadonlySet<string>): Array<[string, PlayerSave, string[]]> {
  const restored: Array<[string, PlayerSave, string[]]> = [];
  for (const [uuid, good] of previous) {
    if (inRead.has(uuid)) continue;
    const files = PARTS.map((part) => good.files[part]).filter((file): file is string => file !== null && unreadable.has(file));
    if (files.length > 0) restored.push([uuid, good, files]);
  }
  return restored;
}

/**
 * Why a pull lost too many players at once to be published (the world moved away or replaced
 * mid-pull, a half-finished restore), or null: `lost` of the `known` players of the last good
 * pull, rejected from `max(min, share × known)` players on.
 *
 * @example
 * lostTooMany(['a', 'b', 'c', 'd', 'e', 'f'], 20, { share: 0.2, min: 5 });
 * // '6 of the 20 players of the last good pull lost files at once or vanished …'
 */
export function lostTooMany(lost: readonly string[], known: number, limits: { share: number; min: number }): string | null {
  if (known === 0 || lost.length < Math.max(limits.min, Math.ceil(limits.share * known))) return null;
  return `${lost.length} of the ${known} players of the last good pull lost files at once or vanished (e.g. ${lost.slice(0, 3).join(', ')}): a world moved or copied mid-pull? Serving the last good snapshot`;
}

/**
 * Tells an interrupted copy of a world from a real one: a folder of player files (stats,
 * advancements, playerdata) that the last good save had and this one lacks entirely, or a save
 * that suddenly holds no player at all. Returns why, or null when the save looks whole. The pull
 * then fails and the last good snapshot stays served.
 *
 * @example
 * suspiciousSave(previous, next); // 'world/stats/ holds no player files (the last good read had 163): interrupted copy?'
 */
export function suspiciousSave(previous: SaveData | null, next: SaveData): string | null {
  if (previous === null || previous.players.length === 0) return null;
  if (next.players.length === 0) {
    return `the save holds no players (the last good read had ${previous.players.length}): an interrupted copy?`;
  }
  const before = playersWithFiles(previous.players);
  const now = playersWithFiles(next.players);
  for (let k = 0; k < PARTS.length; k++) {
    if (before[k]! > 0 && now[k] === 0) {
      return `the world's ${PARTS[k]!}/ folder holds no player files (the last good read had ${before[k]!}): an interrupted copy?`;
    }
  }
  return null;
}

/**
 * How many players have a file of each part, in `PARTS` order: one pass, each part read by name
 * (a computed `files[part]` over 10,000 players is a slow keyed load).
 */
function playersWithFiles(players: readonly PlayerSave[]): [number, number, number] {
  let stats = 0;
  let advancements = 0;
  let playerdata = 0;
  for (const { files } of players) {
    if (files.stats !== null) stats++;
    if (files.advancements !== null) advancements++;
    if (files.playerdata !== null) playerdata++;
  }
  return [stats, advancements, playerdata];
}
