import { checkNow } from '../activity/check-now.js';
import { rankOrder, type PlayerNames } from '../activity/rank-order.js';
import type { ActivityRecord } from '../record/types.js';
import { eventWeeks, type EventConfig } from './event-weeks.js';
import { finishedWeekGains } from './finished-week-gains.js';
import { runningWeekGains } from './running-week-gains.js';

/**
 * Event run states (SPEC: selected through the `active` filter: true is `running`).
 *
 * @example
 * ```ts
 * events.filter((e) => e.state === (active ? 'running' : 'finished'));
 * ```
 */
export const WEEKLY_EVENT_STATES = ['running', 'finished'] as const;
export type WeeklyEventState = (typeof WEEKLY_EVENT_STATES)[number];

/** Options of `weeklyEvents`: the event configuration (as given to `eventCounters`) and more. */
export interface WeeklyEventsOptions extends EventConfig {
  now: number;
  /** Stat titles by id (the catalogue's), for event titles. Default: the id, humanised. */
  titles?: Readonly<Record<string, string>>;
  /** Names by uuid, only to order ties (DECISIONS 10). */
  names?: PlayerNames;
}

/** One standing: the stat's gain since the event's baseline, in the stat's raw unit. */
export interface EventStanding {
  rank: number;
  uuid: string;
  gain: number;
}

/** A weekly community event (DECISIONS 16). */
export interface WeeklyEvent {
  /** `<stat id>_week<n>`, e.g. `jump_week3`. */
  id: string;
  /** n: weeks since recording began, the first (partial) week being 1. */
  week: number;
  stat: string;
  title: string;
  state: WeeklyEventState;
  /** Monday 00:00 local (ISO 8601 UTC). */
  starts_at: string;
  /** The next Monday 00:00 local (ISO 8601 UTC). */
  ends_at: string;
  /** Largest gain so far (running) or the final one (finished); null until someone gains. */
  leader: EventStanding | null;
  /** Everyone who gained, best first (ties share a rank). */
  standings: EventStanding[];
}

/**
 * Weekly events from the record, newest first: every week from the one recording began in to the
 * current one. Each event's baseline is the first pull of its week; the gain of a player is the
 * counter's rise from there up to the first pull of the next week (or the latest pull, while it
 * runs), so consecutive events share their boundary pull and lose no window. Once that closing
 * pull is recorded the result can no longer change: a finished event keeps its final leader.
 *
 * A finished week keeps the stat the recorder stored for it (see `eventCounters`); the running
 * week, and weeks the recorder stored nothing for, follow `pool` and `schedule`.
 *
 * @example
 * ```ts
 * const events = weeklyEvents(record, { now: Date.now(), timeZone: 'Europe/Berlin', pool: ['jump', 'mined_diamond_ore'] });
 * events[0]; // { id: 'jump_week3', week: 3, stat: 'jump', title: 'Week 3: Jump', state: 'running',
 * //   starts_at: '2026-11-15T23:00:00.000Z', ends_at: '2026-11-22T23:00:00.000Z',
 * //   leader: { rank: 1, uuid: '…', gain: 1204 }, standings: [ … ] }
 * ```
 */
export function weeklyEvents(record: ActivityRecord, options: WeeklyEventsOptions): WeeklyEvent[] {
  const now = checkNow(options.now);
  if (record.recordingSince === null || record.recordingSince > now) {
    eventWeeks(record, now, options); // still check the options
    return [];
  }
  const { times } = record;
  const events: WeeklyEvent[] = [];
  for (const { week, start, end, stat } of eventWeeks(record, now, options)) {
    if (!stat) continue;
    const baseline = firstPullAtOrAfter(times, start);
    let closing = firstPullAtOrAfter(times, end);
    const closed = closing < times.length && times[closing]! <= now;
    if (!closed) closing = lastPullAtOrBefore(times, now);
    const gains = closed ? finishedWeekGains(record, stat, baseline, closing, end) : runningWeekGains(record, stat, baseline, closing, end);
    const standings = rankOrder(gains, (g) => g.gain, options.names).map(({ rank, uuid, gain }) => ({ rank, uuid, gain }));
    events.push({
      id: `${stat}_week${week}`,
      week,
      stat,
      title: `Week ${week}: ${options.titles?.[stat] ?? humanise(stat)}`,
      state: now >= end ? 'finished' : 'running',
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(end).toISOString(),
      leader: standings[0] ?? null,
      standings,
    });
  }
  return events.reverse();
}

function firstPullAtOrAfter(times: readonly number[], t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const lastPullAtOrBefore = (times: readonly number[], t: number): number => firstPullAtOrAfter(times, t + 1) - 1;

/** `mined_diamond_ore` → `Mined diamond ore`: a fallback when no catalogue title is given. */
const humanise = (id: string): string => {
  const words = id.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
