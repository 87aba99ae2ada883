import type { Random } from './random.js';

// A player's play history as explicit sessions. Everything time-related is derived from them:
// play_time is their sum, leave_game their count, Paper's LastLogin the last start, last_online the
// last end, and every advancement is earned at a moment the player was actually online.

/** One stretch online, epoch ms, start inclusive, end exclusive. */
export interface Session {
  readonly start: number;
  readonly end: number;
}

const MINUTE = 60_000;

/**
 * Spreads `playMs` of play over `count` sessions between `firstJoin` and `lastOnline`: the first
 * starts at `firstJoin`, the last ends at `lastOnline`. The span is cut into equal slots with one
 * session inside each, so sessions never overlap; a session longer than 85% of its slot is
 * shortened (so the realised total can be a little under `playMs`).
 */
export function buildSessions(
  rng: Random,
  firstJoin: number,
  lastOnline: number,
  playMs: number,
  count: number,
): Session[] {
  const span = lastOnline - firstJoin;
  if (count <= 1 || span <= playMs) {
    return [{ start: firstJoin, end: Math.min(lastOnline, firstJoin + Math.max(MINUTE, playMs)) }];
  }
  const weights = Array.from({ length: count }, () => rng.jitter(0.6));
  const sum = weights.reduce((a, b) => a + b, 0);
  const slot = span / count;
  const sessions: Session[] = [];
  for (let i = 0; i < count; i++) {
    const slotStart = firstJoin + i * slot;
    const length = Math.max(5 * MINUTE, Math.min(slot * 0.85, (playMs * (weights[i] ?? 1)) / sum));
    let start: number;
    if (i === 0) start = firstJoin;
    else if (i === count - 1) start = lastOnline - length;
    else start = slotStart + rng.float() * (slot - length);
    start = Math.round(start / 1000) * 1000;
    const end = i === count - 1 ? lastOnline : Math.round((start + length) / 1000) * 1000;
    sessions.push({ start, end });
  }
  return sessions;
}

/** Total time online, ms. */
export function totalPlay(sessions: readonly Session[]): number {
  return sessions.reduce((sum, s) => sum + (s.end - s.start), 0);
}

/**
 * The wall-clock moment at which the player had played `fraction` (0..1) of the given sessions'
 * total time. Used to place advancements along a player's progress.
 */
export function wallTimeAt(sessions: readonly Session[], fraction: number): number {
  const total = totalPlay(sessions);
  let remaining = Math.min(Math.max(fraction, 0), 1) * total;
  for (const s of sessions) {
    const length = s.end - s.start;
    if (remaining <= length) return s.start + remaining;
    remaining -= length;
  }
  const last = sessions[sessions.length - 1];
  return last ? last.end : 0;
}

/** The play fraction (0..1) reached at wall-clock `time`: the inverse of {@link wallTimeAt}. */
export function playFractionAt(sessions: readonly Session[], time: number): number {
  const total = totalPlay(sessions);
  if (total === 0) return 0;
  let played = 0;
  for (const s of sessions) {
    if (time <= s.start) break;
    played += Math.min(time, s.end) - s.start;
    if (time < s.end) break;
  }
  return played / total;
}
