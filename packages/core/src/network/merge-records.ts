import { counterRises } from '../activity/counter-rises.js';
import { firstSighting, joinedDuringRecording } from '../activity/player-windows.js';
import type { ActivityRecord, CounterSeries, PlayerTrack } from '../record/types.js';

/**
 * The network's activity record computed from each server's own (issue 38): nothing of it is
 * stored, so a server joining later brings only what its own record holds from its own
 * `recording_since` on (its first readings are a baseline there, and add nothing here).
 *
 * Pull times are the union of the servers' (a network pull records every server at the same
 * time). A player's counter is the running sum of what it rose on every server (`counterRises`,
 * a newcomer's first reading counted as the single-server record counts it), so activity finds a
 * player online on any server once per window, and deaths and event stats sum across servers.
 * Online samples are the sum of the servers' samples at that time (null when none has one).
 * Weekly event stats: each week's first server's choice (every server records the same one).
 *
 * @example
 * ```ts
 * const network = mergeRecords([survival.record, creative.record]);
 * activePlayers(network, { now }); // a player on both servers counts once
 * ```
 */
export function mergeRecords(records: readonly ActivityRecord[]): ActivityRecord {
  const times = [...new Set(records.flatMap((r) => r.times))].sort((a, b) => a - b);
  const indexOf = new Map(times.map((t, i) => [t, i]));
  const online = times.map((t) => {
    let sum: number | null = null;
    for (const record of records) {
      const k = binaryIndex(record.times, t);
      const sample = k === -1 ? null : record.online[k] ?? null;
      if (sample !== null) sum = (sum ?? 0) + sample;
    }
    return sum;
  });
  const counters = [...new Set(records.flatMap((r) => r.counters))];
  const events: Record<string, string> = {};
  for (const record of records) {
    for (const [week, stat] of Object.entries(record.events)) if (!Object.hasOwn(events, week)) events[week] = stat;
  }
  const players: Record<string, PlayerTrack> = Object.create(null) as Record<string, PlayerTrack>;
  const rises = new Map<string, Map<string, Map<number, number>>>();
  for (const record of records) {
    for (const uuid of Object.keys(record.players)) {
      const track = record.players[uuid]!;
      const first = firstSighting(track);
      const newcomer = joinedDuringRecording(record, track);
      let byCounter = rises.get(uuid);
      if (!byCounter) rises.set(uuid, (byCounter = new Map()));
      for (const name of Object.keys(track)) {
        const series = track[name]!;
        const up = counterRises(series.values, newcomer && series.pulls[0] === first);
        let byPull = byCounter.get(name);
        if (!byCounter.has(name)) byCounter.set(name, (byPull = new Map()));
        for (let k = 0; k < series.pulls.length; k++) {
          const at = indexOf.get(record.times[series.pulls[k]!]!)!;
          byPull!.set(at, (byPull!.get(at) ?? 0) + up[k]!);
        }
      }
    }
  }
  for (const [uuid, byCounter] of rises) {
    const track: PlayerTrack = Object.create(null) as PlayerTrack;
    for (const [name, byPull] of byCounter) track[name] = runningSum(byPull);
    players[uuid] = track;
  }
  const since = records.map((r) => r.recordingSince).filter((t): t is number => t !== null);
  return { recordingSince: since.length === 0 ? null : Math.min(...since), times, online, counters, players, events };
}

/** A counter's series from its rises by pull: an entry at every pull a server read it, valued at the total risen so far. */
function runningSum(byPull: ReadonlyMap<number, number>): CounterSeries {
  const pulls = [...byPull.keys()].sort((a, b) => a - b);
  const values: number[] = [];
  let total = 0;
  for (const pull of pulls) values.push((total += byPull.get(pull)!));
  return { pulls, values };
}

/** Position of `t` in ascending `times`, or -1. */
function binaryIndex(times: readonly number[], t: number): number {
  let lo = 0;
  let hi = times.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = times[mid]!;
    if (v === t) return mid;
    if (v < t) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
