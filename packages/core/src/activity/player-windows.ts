/**
 * Per-window activity of one player, derived from consecutive pulls (DECISIONS 15).
 *
 * INTERNAL: a window is `(times[i-1], times[i]]`, so a run of windows is a session with a start
 * and an end. Nothing here may leave the package; exported functions sum windows into totals.
 */
import type { ActivityRecord, CounterSeries, PlayerTrack } from '../record/types.js';
import { playerEntries } from '../record/player-entries.js';
import { counterRises } from './counter-rises.js';

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

const cache = new WeakMap<PlayerTrack, { version: number; windows: PlayerWindow[] }>();

/**
 * The windows in which a player played or died, oldest first. Counter decreases (a reset or
 * restored player file) count as nothing, never as negative time, and the counter coming back
 * after one counts only beyond where it fell from (see `counterRises`).
 */
export function playerWindows(record: ActivityRecord, track: PlayerTrack): PlayerWindow[] {
  const playTime = track.play_time;
  const deaths = track.deaths;
  const version = (playTime?.pulls.length ?? 0) + (deaths?.pulls.length ?? 0) * 1e9;
  const hit = cache.get(track);
  if (hit && hit.version === version) return hit.windows;

  const joined = joinedDuringRecording(record, track);
  const first = firstSighting(track);
  const played = increases(playTime, joined, first);
  const died = increases(deaths, joined, first);
  const windows: PlayerWindow[] = [];
  let a = 0;
  let b = 0;
  while (a < played.length || b < died.length) {
    const pull = Math.min(played[a]?.pull ?? Infinity, died[b]?.pull ?? Infinity);
    const gained = played[a]?.pull === pull ? played[a++]!.by : 0;
    const deathCount = died[b]?.pull === pull ? died[b++]!.by : 0;
    if (gained === 0 && deathCount === 0) continue;
    const lengthMinutes = (record.times[pull]! - record.times[pull - 1]!) / 60_000;
    windows.push({
      pull,
      online: gained > 0,
      minutes: Math.min(gained / TICKS_PER_MINUTE, lengthMinutes),
      deaths: deathCount,
    });
  }
  cache.set(track, { version, windows });
  return windows;
}

/** A player with at least one window, and the windows. */
export interface WindowedPlayer {
  uuid: string;
  windows: PlayerWindow[];
}

const windowed = new WeakMap<ActivityRecord, { pulls: number; players: ActivityRecord['players']; list: WindowedPlayer[] }>();

/**
 * The players of the record with at least one window, with them, in the record's order: one
 * pass over every player per state of the record (kept until a pull is appended), which the
 * server-wide sums (active players of each period, this week's ranks, the server's activity)
 * then share instead of each looking up every player's windows again.
 */
export function windowedPlayers(record: ActivityRecord): readonly WindowedPlayer[] {
  const kept = windowed.get(record);
  if (kept && kept.pulls === record.times.length && kept.players === record.players) return kept.list;
  const list: WindowedPlayer[] = [];
  const { uuids, tracks } = playerEntries(record);
  for (let i = 0; i < uuids.length; i++) {
    const windows = playerWindows(record, tracks[i]!);
    if (windows.length > 0) list.push({ uuid: uuids[i]!, windows });
  }
  windowed.set(record, { pulls: record.times.length, players: record.players, list });
  return list;
}

/** Positive steps of a counter, each at the pull that revealed it (the window ending there); see `counterRises`. */
function increases(series: CounterSeries | undefined, joined: boolean, first: number): Array<{ pull: number; by: number }> {
  const out: Array<{ pull: number; by: number }> = [];
  if (!series) return out;
  // A newcomer's counters started at 0; anyone else's first sighting is only a baseline.
  const rises = counterRises(series.values, joined && series.pulls[0] === first);
  for (let k = 0; k < series.pulls.length; k++) {
    const pull = series.pulls[k]!;
    if (pull !== 0 && rises[k]! > 0) out.push({ pull, by: rises[k]! });
  }
  return out;
}

/** The pull at which the record first saw the player (any counter). */
export function firstSighting(track: PlayerTrack): number {
  let first = Infinity;
  for (const series of Object.values(track)) first = Math.min(first, series.pulls[0] ?? Infinity);
  return first;
}

/**
 * Whether a player first seen after the first pull is a newcomer whose counters started at 0
 * in the window before that sighting. Their play time must fit in that window (plus autosave
 * slack); more means their files existed before and were unreadable, or older log files were
 * removed, and the first sighting is only a baseline.
 */
export function joinedDuringRecording(record: ActivityRecord, track: PlayerTrack): boolean {
  const first = firstSighting(track);
  if (first === 0 || first === Infinity) return false;
  const playTime = track.play_time;
  if (playTime?.pulls[0] !== first) return false;
  const windowTicks = ((record.times[first]! - record.times[first - 1]!) / 1000) * 20;
  return playTime.values[0]! <= windowTicks + AUTOSAVE_SLACK_TICKS;
}
