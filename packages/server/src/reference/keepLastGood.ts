import type { PlayerSave, SaveData, SaveWarning } from '@blockstats/core';

/** The per-file parts of a player, and the fields each one fills. */
type Part = 'stats' | 'advancements' | 'playerdata';

/** True when the reader could not use this part of the player (it left the fields empty). */
const FAILED: Record<Part, (p: PlayerSave) => boolean> = {
  stats: (p) => p.statsDataVersion === null && !p.legacyStats && Object.keys(p.stats).length === 0,
  advancements: (p) => p.advancementsDataVersion === null && p.advancements.length === 0 && p.recipes.count === 0,
  playerdata: (p) => p.playerDataVersion === null && p.firstPlayed === null,
};

/** Copies one part's fields from the last good read. */
const RESTORE: Record<Part, (now: PlayerSave, good: PlayerSave) => Partial<PlayerSave>> = {
  stats: (_, good) => ({ stats: good.stats, statsDataVersion: good.statsDataVersion, legacyStats: good.legacyStats }),
  advancements: (_, good) => ({ advancements: good.advancements, advancementsDataVersion: good.advancementsDataVersion, recipes: good.recipes }),
  playerdata: (now, good) => ({
    playerDataVersion: good.playerDataVersion,
    firstPlayed: good.firstPlayed,
    ...(now.lastOnlineSource === 'file-mtime' && (good.lastOnlineSource === 'paper' || good.lastOnlineSource === 'bukkit')
      ? { lastOnline: Math.max(now.lastOnline ?? 0, good.lastOnline ?? 0), lastOnlineSource: good.lastOnlineSource }
      : {}),
    ...(now.name === null && good.name !== null ? { name: good.name, nameSource: good.nameSource } : {}),
  }),
};

const PARTS: readonly Part[] = ['stats', 'advancements', 'playerdata'];

/** What {@link keepLastGood} gives. */
export interface KeptSave {
  /** The save with unreadable player files replaced by their last good reading. */
  save: SaveData;
  /** Players whose last good data was kept, one warning per file. */
  kept: SaveWarning[];
  /** The last good reading of every player, for the next pull. */
  lastGood: Map<string, PlayerSave>;
}

/**
 * A player file caught mid-copy (truncated JSON, half a gzip stream) must not wipe that player's
 * numbers until the next pull: for every player file the reader had to skip (it reported a
 * warning for exactly that file), this puts back the fields that file gave at the last pull
 * that could read it, and adds a warning saying so. A player with no earlier good reading keeps
 * the empty fields (and the reader's warning).
 *
 * @example
 * const { save, kept, lastGood } = keepLastGood(await readSave(dir, { cache }), previousLastGood);
 */
export function keepLastGood(save: SaveData, previous: ReadonlyMap<string, PlayerSave> | null): KeptSave {
  const failedFiles = new Set(save.warnings.map((w) => w.file));
  const kept: SaveWarning[] = [];
  const lastGood = new Map<string, PlayerSave>();
  const players = save.players.map((player) => {
    let merged = player;
    for (const part of PARTS) {
      const file = player.files[part];
      if (file === null || !failedFiles.has(file) || !FAILED[part](player)) continue;
      const good = previous?.get(player.uuid);
      if (!good || good.files[part] === null || FAILED[part](good)) continue;
      merged = { ...merged, ...RESTORE[part](merged, good) };
      kept.push({ file, reason: 'unreadable at this pull; serving this player\'s last good data from it' });
    }
    lastGood.set(player.uuid, merged);
    return merged;
  });
  if (kept.length === 0) return { save, kept, lastGood };
  const warnings = [...save.warnings, ...kept].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.reason < b.reason ? -1 : 1));
  return { save: { ...save, players, warnings }, kept, lastGood };
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
  for (const part of PARTS) {
    const before = previous.players.filter((p) => p.files[part] !== null).length;
    const now = next.players.filter((p) => p.files[part] !== null).length;
    if (before > 0 && now === 0) {
      return `the world's ${part}/ folder holds no player files (the last good read had ${before}): an interrupted copy?`;
    }
  }
  return null;
}
