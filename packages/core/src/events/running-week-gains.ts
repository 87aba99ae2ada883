import { isFixed, playerEntries } from '../record/player-entries.js';
import { linesSince } from '../record/pull-lines.js';
import type { ActivityRecord } from '../record/types.js';
import { gainBetween, weekCounts, weekGains, type WeekGain } from './week-gains.js';

/** One running week's gains as last summed: each player's (by position in the players object's order), up to pull `closing`. */
interface Summed {
  times: readonly number[];
  closing: number;
  /** The gain of the player at each position, or null for none. */
  byPosition: Array<WeekGain | null>;
  gains: WeekGain[];
}

/** By players object (a view's is kept while the same players are visible), then by stat and week. */
const running = new WeakMap<ActivityRecord['players'], Map<string, Summed>>();
/** Each players object's positions by uuid. */
const positions = new WeakMap<ActivityRecord['players'], Map<string, number>>();

/**
 * `weekGains` of the running week, patched from its last sum for the same players object: a
 * player with no line in the record since that sum's closing pull has the same rise as then
 * (see `linesSince`), so a pull sums again only the players it gave a line, not every player.
 * The same list, in the same order, as `weekGains`; that itself for a players object that may
 * still change (the record's own, not a view's: see `fixPlayers`).
 *
 * @example
 * const gains = runningWeekGains(view, 'jump', baseline, closing, end);
 */
export function runningWeekGains(record: ActivityRecord, stat: string, baseline: number, closing: number, end: number): WeekGain[] {
  if (!isFixed(record.players)) return weekGains(record, stat, baseline, closing, end);
  let byWeek = running.get(record.players);
  if (!byWeek) running.set(record.players, (byWeek = new Map()));
  const key = `${stat}|${baseline}|${end}`;
  const last = byWeek.get(key);
  const since = last !== undefined && last.times === record.times && last.closing <= closing ? linesSince(record, last.closing) : null;
  const summed = since !== null && last !== undefined ? patched(record, last, since, stat, baseline, closing, end) : fromScratch(record, stat, baseline, closing, end);
  byWeek.set(key, summed);
  return summed.gains;
}

function fromScratch(record: ActivityRecord, stat: string, baseline: number, closing: number, end: number): Summed {
  const gains = weekGains(record, stat, baseline, closing, end);
  const byPosition = new Array<WeekGain | null>(playerEntries(record).uuids.length).fill(null);
  const at = positionsOf(record);
  for (const gain of gains) byPosition[at.get(gain.uuid)!] = gain;
  return { times: record.times, closing, byPosition, gains };
}

function patched(record: ActivityRecord, last: Summed, since: ReadonlyArray<readonly string[]>, stat: string, baseline: number, closing: number, end: number): Summed {
  const { tracks } = playerEntries(record);
  const at = positionsOf(record);
  const byPosition = last.byPosition.slice();
  const counts = weekCounts(record.times, baseline, closing, end);
  let changed = false;
  for (const uuids of since) {
    for (const uuid of uuids) {
      const p = at.get(uuid);
      if (p === undefined) continue; // not among these players (hidden)
      const gain = counts ? gainBetween(record, tracks[p]!, stat, baseline, closing) : 0;
      const before = byPosition[p]!;
      if (gain > 0 ? before?.gain === gain : before === null) continue;
      byPosition[p] = gain > 0 ? { uuid, gain } : null;
      changed = true;
    }
  }
  const gains = changed ? byPosition.filter((gain): gain is WeekGain => gain !== null) : last.gains;
  return { times: record.times, closing, byPosition, gains };
}

/** The position of each uuid in the players object's order (`playerEntries`). */
function positionsOf(record: ActivityRecord): Map<string, number> {
  let at = positions.get(record.players);
  if (at) return at;
  const { uuids } = playerEntries(record);
  at = new Map(uuids.map((uuid, p) => [uuid, p]));
  positions.set(record.players, at);
  return at;
}
