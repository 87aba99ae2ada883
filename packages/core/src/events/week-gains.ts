import { firstSighting, joinedDuringRecording } from '../activity/player-windows.js';
import { counterRises } from '../activity/counter-rises.js';
import { playerEntries } from '../record/player-entries.js';
import type { ActivityRecord, CounterSeries, PlayerTrack } from '../record/types.js';

/** A player's gain in a week. */
export interface WeekGain {
  uuid: string;
  gain: number;
}

/** Whether a week ending at `end` has pulls to sum, from pull `baseline` to pull `closing`: none when recording began after it. */
export function weekCounts(times: readonly number[], baseline: number, closing: number, end: number): boolean {
  return baseline < times.length && times[baseline]! < end && closing >= baseline;
}

/** Every player's rise in `stat` from pull `baseline` to pull `closing` of a week ending at `end`, those above 0. */
export function weekGains(record: ActivityRecord, stat: string, baseline: number, closing: number, end: number): WeekGain[] {
  const gains: WeekGain[] = [];
  if (weekCounts(record.times, baseline, closing, end)) {
    const { uuids, tracks } = playerEntries(record);
    for (let i = 0; i < uuids.length; i++) {
      const gain = gainBetween(record, tracks[i]!, stat, baseline, closing);
      if (gain > 0) gains.push({ uuid: uuids[i]!, gain });
    }
  }
  return gains;
}

/**
 * The last gain summed of each series up to its last value: `from`, the series' length then, and
 * the gain. The record only appends, so while a series has the same length the gain from the
 * same pull up to any pull at or after its last value is the same: the running week's standings
 * at the next pull sum again only the series that changed.
 */
const summed = new WeakMap<CounterSeries, { from: number; length: number; last: number; gain: number }>();

/**
 * A player's rise in `stat` from pull `from` to pull `to`: the sum of the increases between
 * consecutive recorded values (a counter reset counts as nothing, not as a loss, and its coming
 * back as nothing either: see `counterRises`). A newcomer who joined after `from` starts from 0.
 */
export function gainBetween(record: ActivityRecord, track: PlayerTrack, stat: string, from: number, to: number): number {
  const series = track[stat];
  // No value recorded after `from` up to `to` (most players in most weeks): nothing rose.
  if (!series || series.pulls[series.pulls.length - 1]! <= from || series.pulls[0]! > to) return 0;
  const length = series.pulls.length;
  const whole = series.pulls[length - 1]! <= to;
  const known = whole ? summed.get(series) : undefined;
  const last = series.values[length - 1]!;
  if (known !== undefined && known.from === from && known.length === length && known.last === last) return known.gain;
  const gain = summedGain(record, track, series, from, to);
  if (whole) summed.set(series, { from, length, last, gain });
  return gain;
}

/** `gainBetween` summed over the series' values. */
function summedGain(record: ActivityRecord, track: PlayerTrack, series: CounterSeries, from: number, to: number): number {
  const newcomer = joinedDuringRecording(record, track) && series.pulls[0] === firstSighting(track);
  const rises = counterRises(series.values, newcomer);
  let gain = 0;
  for (let k = 0; k < series.pulls.length; k++) {
    const pull = series.pulls[k]!;
    if (pull > to) break;
    if (pull > from) gain += rises[k]!;
  }
  return gain;
}

