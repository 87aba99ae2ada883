import type { ActivityRecord } from '../record/types.js';
import { eventWeeks, type EventConfig } from './event-weeks.js';

/** What a pull must record for the weekly events. */
export interface EventCounters {
  /** Stat ids to record besides play time and deaths. */
  statIds: string[];
  /** The running week's choice, to store with the pull (`Pull.event`); null without one. */
  event: { weekStart: number; stat: string } | null;
}

/**
 * The counters a pull taken at `at` needs for the weekly events: the running week's stat, plus
 * the previous week's on the week's first pull (that pull closes the previous event). Recording
 * only these keeps the log small; the week's choice is stored with the pull so a finished event
 * keeps its stat whatever the configuration says later.
 *
 * @example
 * ```ts
 * const { statIds, event } = eventCounters(log.record, { at: Date.now(), timeZone: 'Europe/Berlin', pool: ['jump', 'fish_caught'] });
 * await recordPull(log, { at, online, counters: pullCounterMap(save.players, statIds), event });
 * ```
 */
export function eventCounters(record: ActivityRecord, options: EventConfig & { at: number }): EventCounters {
  const weeks = eventWeeks(record, options.at, options);
  const current = weeks.at(-1);
  const previous = weeks.at(-2);
  const statIds: string[] = [];
  if (current?.stat) statIds.push(current.stat);
  const last = record.times.at(-1);
  const closes = current !== undefined && previous?.stat && last !== undefined && last < current.start;
  if (closes && !statIds.includes(previous!.stat!)) statIds.push(previous!.stat!);
  return {
    statIds,
    event: current?.stat ? { weekStart: current.start, stat: current.stat } : null,
  };
}
