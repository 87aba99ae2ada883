import { playerEntries } from '../record/player-entries.js';
import type { ActivityRecord } from '../record/types.js';
import { gainBetween, weekCounts, weekGains, type WeekGain } from './week-gains.js';

/** One finished week's gains and what they were summed over. */
interface FinishedWeek {
  stat: string;
  baseline: number;
  closing: number;
  end: number;
  gains: WeekGain[];
}

/** The finished weeks summed for one players object (of one record: its `times`). */
interface Kept {
  times: readonly number[];
  players: ActivityRecord['players'];
  weeks: Map<string, FinishedWeek>;
}

/** By players object (a view's is reused while the same players are visible). */
const finished = new WeakMap<ActivityRecord['players'], Kept>();
/** By the record's `times` (which its views share), the last players object's: the next one's are carried over from them. */
const lastKept = new WeakMap<readonly number[], Kept>();

/**
 * The gains of a finished week (its closing pull recorded), by the record's players object and
 * the week: the record only grows after the closing pull, so they no longer change, and a year
 * of weeks is not summed again at every pull. When the players object changes (a player new,
 * hidden or shown), the last one's weeks are carried over: the players with the same track keep
 * their gains, and only the others are summed.
 *
 * @example
 * const gains = finishedWeekGains(record, 'jump', baseline, closing, end);
 */
export function finishedWeekGains(record: ActivityRecord, stat: string, baseline: number, closing: number, end: number): WeekGain[] {
  let kept = finished.get(record.players);
  if (!kept || kept.times !== record.times) {
    const last = lastKept.get(record.times);
    kept = last && last.players !== record.players ? carried(record, last) : { times: record.times, players: record.players, weeks: new Map() };
    finished.set(record.players, kept);
  }
  lastKept.set(record.times, kept);
  const key = `${stat}|${baseline}|${closing}|${end}`;
  let week = kept.weeks.get(key);
  if (!week) kept.weeks.set(key, (week = { stat, baseline, closing, end, gains: weekGains(record, stat, baseline, closing, end) }));
  return week.gains;
}

/** `last`'s weeks for `record`'s players: the gains of players with another track (or none) dropped, those of players new to it summed. */
function carried(record: ActivityRecord, last: Kept): Kept {
  const now = record.players;
  const was = last.players;
  const { uuids, tracks } = playerEntries(record);
  const fresh: number[] = [];
  for (let i = 0; i < uuids.length; i++) if (was[uuids[i]!] !== tracks[i]) fresh.push(i);
  const weeks = new Map<string, FinishedWeek>();
  for (const [key, week] of last.weeks) {
    const gains = week.gains.filter((g) => now[g.uuid] !== undefined && now[g.uuid] === was[g.uuid]);
    const counts = weekCounts(record.times, week.baseline, week.closing, week.end);
    for (let f = 0; counts && f < fresh.length; f++) {
      const gain = gainBetween(record, tracks[fresh[f]!]!, week.stat, week.baseline, week.closing);
      if (gain > 0) gains.push({ uuid: uuids[fresh[f]!]!, gain });
    }
    weeks.set(key, { ...week, gains });
  }
  return { times: record.times, players: now, weeks };
}
