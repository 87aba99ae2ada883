import { packedPartsOf } from '../save/packed.js';
import type { PlayerSave } from '../save/types.js';

/** Clock skew and rounding allowed before a file time counts as evidence of an older player. */
const TOLERANCE_MS = 24 * 60 * 60 * 1000;
const MS_PER_TICK = 50;

/** When a player was first seen, and whether that is only a floor (DECISIONS 8). */
export interface FirstSeen {
  /** Epoch ms, or null when the save holds no evidence at all. */
  ms: number | null;
  estimated: boolean;
}

/**
 * First seen = the oldest criterion timestamp in the player's advancement file, recipes included
 * (DECISIONS 8). It is marked estimated when the evidence says the player is older than that:
 * more recorded play time than the wall-clock span from first seen to last online, or a Bukkit
 * `firstPlayed` or a player file older than it (beyond a day of tolerance). Without any
 * advancement timestamp it falls back to Bukkit `firstPlayed` (exact), else the oldest file
 * time (estimated).
 *
 * @example
 * firstSeen(player, 72_000, Date.now()).ms; // oldest criterion or recipe time, in epoch ms
 */
export function firstSeen(player: PlayerSave, playTimeTicks: number, now: number): FirstSeen {
  let oldest = player.recipes.earliest ?? Infinity;
  const packed = packedPartsOf(player);
  if (packed !== undefined) {
    const earliest = packed.advancements?.earliest ?? null;
    if (earliest !== null && earliest < oldest) oldest = earliest;
  } else {
    for (const entry of player.advancements) {
      for (const key in entry.criteria) {
        const t = entry.criteria[key]!;
        if (Number.isFinite(t) && t < oldest) oldest = t;
      }
    }
  }
  const playedMs = playTimeTicks * MS_PER_TICK;
  const until = player.lastOnline ?? now;
  if (Number.isFinite(oldest)) return { ms: oldest, estimated: olderThan(player, playedMs, until, oldest) };
  if (player.firstPlayed !== null) return { ms: player.firstPlayed, estimated: olderThan(player, playedMs, until, player.firstPlayed) };
  return { ms: player.oldestMtime, estimated: true };
}

/**
 * Whether the player was around before `ms`: more play time than the time from `ms` to `until`
 * (their last login, or now), or a first login or file older than `ms`.
 */
function olderThan(player: PlayerSave, playedMs: number, until: number, ms: number): boolean {
  return (
    playedMs > until - ms ||
    (player.firstPlayed !== null && player.firstPlayed < ms - TOLERANCE_MS) ||
    (player.oldestMtime !== null && player.oldestMtime < ms - TOLERANCE_MS)
  );
}
