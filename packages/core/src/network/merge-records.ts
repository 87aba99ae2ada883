import { counterRises } from '../activity/counter-rises.js';
import { firstSighting, joinedDuringRecording } from '../activity/player-windows.js';
import { newTrack } from '../record/new-track.js';
import { fixPlayers } from '../record/player-entries.js';
import { followTouched, joinedSince, touchedSince } from '../record/touched-players.js';
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
  return merge(records, null, null).merged;
}

/**
 * `mergeRecords` for a network that merges again at every pull: the servers' records only grow
 * (each pull appends a time, and a line for the players whose counters changed), so a merge
 * keeps the last one's times, online samples and every player's track that no record gave a
 * line since, and merges again only the players who got one (at 5 × 10,000 players, a hundred
 * or so a pull instead of every one), named by the records themselves (see `followTouched`:
 * no pass over every player's series). Anything else (a record replaced or re-read, a server
 * joining, a time not after the last merged, a record another merger followed since) merges
 * everything again. The result equals `mergeRecords`'s, and no merged record is changed afterwards.
 *
 * @example
 * ```ts
 * const merge = recordMerger();
 * const network = merge([survival.record, creative.record]); // at every pull
 * ```
 */
export function recordMerger(): (records: readonly ActivityRecord[]) => ActivityRecord {
  let kept: Kept | null = null;
  return (records) => {
    const base = kept !== null && grewFrom(kept, records) ? kept : null;
    const touched = base === null ? null : playersTouched(base, records);
    const result = merge(records, touched === null ? null : base, touched);
    // The players each record gives a line to from now on, for the next merge (see touchedPlayers).
    for (const record of records) followTouched(record);
    kept = result;
    return result.merged;
  };
}

/**
 * The players given a line by any record since `kept` was merged (a superset), or null when a
 * record was not followed since then (see `followTouched`): another merger followed it meanwhile.
 */
function playersTouched(kept: Kept, records: readonly ActivityRecord[]): Set<string> | null {
  const all = new Set<string>();
  for (let i = 0; i < records.length; i++) {
    const touched = touchedSince(records[i]!, kept.lengths[i]!);
    if (touched === null) return null;
    for (const uuid of touched) all.add(uuid);
  }
  return all;
}

/** What a merge leaves the next (see `recordMerger`). */
interface Kept {
  merged: ActivityRecord;
  records: readonly ActivityRecord[];
  /** Each record's times and players as merged (the arrays and objects themselves), and how many times it had. */
  times: ReadonlyArray<readonly number[]>;
  players: ReadonlyArray<ActivityRecord['players']>;
  lengths: readonly number[];
  /** Each record's last time then: one rewritten in place is not a record that only grew. */
  lasts: ReadonlyArray<number | undefined>;
  since: ReadonlyArray<number | null>;
  /** The merged times' positions. */
  indexOf: Map<number, number>;
}

/** Whether `records` are `kept`'s records, each the same arrays grown by times after the last merged one (its own last time unchanged). */
function grewFrom(kept: Kept, records: readonly ActivityRecord[]): boolean {
  if (records.length !== kept.records.length) return false;
  const last = kept.merged.times.at(-1) ?? -Infinity;
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    const length = kept.lengths[i]!;
    if (record !== kept.records[i] || record.times !== kept.times[i] || record.players !== kept.players[i] || record.recordingSince !== kept.since[i]) return false;
    if (record.times.length < length || record.times[length - 1] !== kept.lasts[i]) return false;
    if (record.times.length > length && record.times[length]! <= last) return false;
  }
  return true;
}

/**
 * The merge of `records`, from scratch or on `base` (records that only grew since it, `touched`
 * naming every player any of them gave a line since: the others keep `base`'s track).
 */
function merge(records: readonly ActivityRecord[], base: Kept | null, touched: ReadonlySet<string> | null): Kept {
  const from = base?.merged.times.length ?? 0;
  const added = [...new Set(records.flatMap((r, i) => (base === null ? r.times : r.times.slice(base.lengths[i]))))].sort((a, b) => a - b);
  const times = base === null ? added : [...base.merged.times, ...added];
  const indexOf = base?.indexOf ?? new Map<number, number>();
  for (let i = from; i < times.length; i++) indexOf.set(times[i]!, i);
  const online = base === null ? [] : base.merged.online.slice();
  for (let i = from; i < times.length; i++) online.push(onlineAt(records, times[i]!));
  const counters = [...new Set(records.flatMap((r) => r.counters))];
  const events: Record<string, string> = {};
  for (const record of records) {
    for (const [week, stat] of Object.entries(record.events)) if (!Object.hasOwn(events, week)) events[week] = stat;
  }
  const players = (base !== null && touched !== null ? patchedPlayers(records, base, touched, indexOf) : null) ?? mergedPlayers(records, base, touched, indexOf);
  const since = records.map((r) => r.recordingSince).filter((t): t is number => t !== null);
  // Never changed once made: a view of it showing every player is it (see `visibleRecord`).
  const merged = { recordingSince: since.length === 0 ? null : Math.min(...since), times, online, counters, players: fixPlayers(players), events };
  return {
    merged,
    records,
    times: records.map((r) => r.times),
    players: records.map((r) => r.players),
    lengths: records.map((r) => r.times.length),
    lasts: records.map((r) => r.times.at(-1)),
    since: records.map((r) => r.recordingSince),
    indexOf,
  };
}

/**
 * Every player's merged track, in the records' order (as the merge from scratch lists them):
 * with `base`, the players `touched` does not name keep its track.
 */
function mergedPlayers(records: readonly ActivityRecord[], base: Kept | null, touched: ReadonlySet<string> | null, indexOf: ReadonlyMap<number, number>): Record<string, PlayerTrack> {
  const players: Record<string, PlayerTrack> = Object.create(null) as Record<string, PlayerTrack>;
  const kept = base !== null && touched !== null ? base.merged.players : null;
  for (const record of records) {
    for (const uuid in record.players) {
      if (players[uuid] !== undefined) continue;
      const same = kept === null || touched!.has(uuid) ? undefined : kept[uuid];
      players[uuid] = same ?? mergedTrack(records, uuid, indexOf);
    }
  }
  return players;
}

/**
 * `mergedPlayers` on `base` when no record gained a player since (see `joinedSince`): the same
 * players in the same order, so a copy of the last merge's object with the touched players'
 * tracks merged again (no pass over every record's players). Null when a record gained one.
 */
function patchedPlayers(records: readonly ActivityRecord[], base: Kept, touched: ReadonlySet<string>, indexOf: ReadonlyMap<number, number>): Record<string, PlayerTrack> | null {
  for (let i = 0; i < records.length; i++) if (joinedSince(records[i]!, base.lengths[i]!)) return null;
  const kept = base.merged.players;
  for (const uuid of touched) if (kept[uuid] === undefined) return null;
  const players = Object.assign(Object.create(null) as Record<string, PlayerTrack>, kept);
  for (const uuid of touched) players[uuid] = mergedTrack(records, uuid, indexOf);
  return players;
}

/** The sum of the servers' online samples at `t` (null when none has one). */
function onlineAt(records: readonly ActivityRecord[], t: number): number | null {
  let sum: number | null = null;
  for (const record of records) {
    const k = binaryIndex(record.times, t);
    const sample = k === -1 ? null : record.online[k] ?? null;
    if (sample !== null) sum = (sum ?? 0) + sample;
  }
  return sum;
}

/** `uuid`'s network track: what each counter rose on every server, summed by merged pull (see `mergeRecords`). */
function mergedTrack(records: readonly ActivityRecord[], uuid: string, indexOf: ReadonlyMap<number, number>): PlayerTrack {
  const byCounter = new Map<string, Map<number, number>>();
  for (const record of records) {
    const track = record.players[uuid];
    if (track === undefined) continue;
    const first = firstSighting(track);
    const newcomer = joinedDuringRecording(record, track);
    for (const name of Object.keys(track)) {
      const series = track[name]!;
      const up = counterRises(series.values, newcomer && series.pulls[0] === first);
      let byPull = byCounter.get(name);
      if (byPull === undefined) byCounter.set(name, (byPull = new Map()));
      for (let k = 0; k < series.pulls.length; k++) {
        const at = indexOf.get(record.times[series.pulls[k]!]!)!;
        byPull.set(at, (byPull.get(at) ?? 0) + up[k]!);
      }
    }
  }
  const track: PlayerTrack = newTrack();
  for (const [name, byPull] of byCounter) track[name] = runningSum(byPull);
  return track;
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
