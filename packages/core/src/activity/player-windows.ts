/**
 * Per-window activity of one player, derived from consecutive pulls (DECISIONS 15).
 *
 * INTERNAL: a window is `(times[i-1], times[i]]`, so a run of windows is a session with a start
 * and an end. Nothing here may leave the package; exported functions sum windows into totals.
 */
import type { ActivityRecord, PlayerTrack } from '../record/types.js';

/** Ticks per minute: the game runs 20 ticks a second. */
const TICKS_PER_MINUTE = 1200;
/**
 * The game writes a player's stats file on its autosave (every 5 minutes) and at logout, so a
 * new player can show up to that much more play time than the window since the last pull.
 */
const AUTOSAVE_SLACK_TICKS = 5 * TICKS_PER_MINUTE;

/** Activity in one window; only windows with play time or deaths are listed. */
export interface PlayerWindow {
  /** Index of the pull that closes the window; the window is `(times[pull-1], times[pull]]`. */
  pull: number;
  /** True when play time rose: the player was online in the window. */
  online: boolean;
  /** Play time gained, capped at the window's length. */
  minutes: number;
  deaths: number;
}

const cache = new WeakMap<PlayerTrack, { length: number; windows: PlayerWindow[] }>();

/**
 * The windows in which a player played or died, oldest first. Counter decreases (a reset or
 * restored player file) count as nothing, never as negative time.
 */
export function playerWindows(record: ActivityRecord, track: PlayerTrack): PlayerWindow[] {
  const hit = cache.get(track);
  if (hit && hit.length === track.pulls.length) return hit.windows;
  const windows: PlayerWindow[] = [];
  const playTime = track.values.play_time;
  const deaths = track.values.deaths;
  if (playTime) {
    const joined = joinedDuringRecording(record, track);
    for (let k = 0; k < track.pulls.length; k++) {
      const pull = track.pulls[k]!;
      if (pull === 0) continue;
      if (k === 0 && !joined) continue; // first sighting is only a baseline
      const now = playTime[k];
      const before = k === 0 ? 0 : playTime[k - 1];
      if (now == null || before == null) continue;
      const lengthMinutes = (record.times[pull]! - record.times[pull - 1]!) / 60_000;
      const gained = Math.max(0, now - before);
      const died = deathsGained(deaths, k);
      if (gained === 0 && died === 0) continue;
      windows.push({
        pull,
        online: gained > 0,
        minutes: Math.min(gained / TICKS_PER_MINUTE, lengthMinutes),
        deaths: died,
      });
    }
  }
  cache.set(track, { length: track.pulls.length, windows });
  return windows;
}

function deathsGained(deaths: (number | null)[] | undefined, k: number): number {
  if (!deaths) return 0;
  const now = deaths[k];
  const before = k === 0 ? 0 : deaths[k - 1];
  return now == null || before == null ? 0 : Math.max(0, now - before);
}

/**
 * Whether a player first seen after the first pull is a newcomer whose counters started at 0
 * in the window before that sighting. Their play time must fit in that window (plus autosave
 * slack); more means their files existed before and were unreadable, or older log files were
 * removed, and the first sighting is only a baseline.
 */
export function joinedDuringRecording(record: ActivityRecord, track: PlayerTrack): boolean {
  const first = track.pulls[0];
  if (first === undefined || first === 0) return false;
  const playTime = track.values.play_time?.[0];
  if (playTime == null) return false;
  const windowTicks = ((record.times[first]! - record.times[first - 1]!) / 1000) * 20;
  return playTime <= windowTicks + AUTOSAVE_SLACK_TICKS;
}
