import { agreesWith, noteAgreement } from './agreed-counters.js';
import type { ActivityRecord, Pull } from './types.js';

/**
 * What one pull adds to the record: the server sample and the players whose counters changed.
 * Row `i` is `uuids[i]` with `values[i * columns.length + j]` for counter `columns[j]`; null means
 * "not recorded". Flat arrays: loading a year of pulls must not allocate an array per row.
 */
export interface PullEntry {
  at: number;
  online: number | null;
  columns: string[];
  uuids: string[];
  values: (number | null)[];
  /** The week's event stat, when it is new to the record (or the entry is `full`). */
  event?: { weekStart: number; stat: string };
}

/** Frozen counters objects already found well-formed: a later pull giving them again skips the check. */
const checked = new WeakSet<object>();

/** Options of `pullEntry`. */
export interface PullEntryOptions {
  /**
   * Write every known player with every counter, changed or not, and the event choice. The log
   * does this for the first pull of each monthly file, so every file is self-contained (an old
   * month can be archived or lost).
   */
  full?: boolean;
}

/**
 * Checks a pull and works out what it adds to `record`, without changing the record.
 *
 * A player gets a line when any counter differs from the last recorded value, and the first time
 * they are seen; everyone else keeps their previous values. Only the counters the pull gives are
 * written; the others carry over (so an event stat is recorded only in the weeks it is needed).
 * Throws a `RangeError`/`TypeError` naming the problem for a malformed pull or one that
 * is not later than the last pull.
 *
 * @example
 * ```ts
 * const entry = pullEntry(emptyRecord(), { at: Date.parse('2026-11-16T12:00:00Z'), online: 3,
 *   counters: { '069a79f4-44e9-4726-a5be-fca90e38aaf5': { play_time: 72000, deaths: 2 } } });
 * entry.uuids; // ['069a79f4-44e9-4726-a5be-fca90e38aaf5']
 * ```
 */
export function pullEntry(record: ActivityRecord, pull: Pull, options: PullEntryOptions = {}): PullEntry {
  if (typeof pull !== 'object' || pull === null) throw new TypeError('pull must be an object');
  const { at, online } = pull;
  if (typeof at !== 'number' || !Number.isFinite(at)) {
    throw new TypeError(`pull.at must be a time in epoch milliseconds, got ${String(at)}`);
  }
  const last = record.times.at(-1);
  if (last !== undefined && at <= last) {
    throw new RangeError(
      `pull at ${new Date(at).toISOString()} is not after the last recorded pull (${new Date(last).toISOString()}); is the clock right?`,
    );
  }
  if (online !== null && !(Number.isInteger(online) && online >= 0)) {
    throw new TypeError(`pull.online must be a non-negative integer or null, got ${String(online)}`);
  }
  const event = pull.event ?? null;
  if (event !== null && (typeof event !== 'object' || !Number.isFinite(event.weekStart) || typeof event.stat !== 'string' || event.stat === '')) {
    throw new TypeError('pull.event must be { weekStart: epoch ms, stat: stat id } or null');
  }
  const input = counterMap(pull.counters);

  const given = new Set<string>();
  for (const [uuid, counters] of input) {
    if (typeof uuid !== 'string' || uuid === '') throw new TypeError('pull.counters keys must be player uuids');
    if (typeof counters !== 'object' || counters === null) {
      throw new TypeError(`pull.counters['${uuid}'] must be an object of counters`);
    }
    if (checked.has(counters)) {
      for (const name in counters) given.add(name);
      continue;
    }
    for (const [name, value] of Object.entries(counters)) {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new TypeError(`pull.counters['${uuid}'].${name} must be a finite number, got ${String(value)}`);
      }
      given.add(name);
    }
    if (Object.isFrozen(counters)) checked.add(counters);
  }
  // Known counters keep the record's order; new ones follow in the order given.
  const columns = [
    ...record.counters.filter((name) => options.full || given.has(name)),
    ...[...given].filter((name) => !record.counters.includes(name)),
  ];

  // The players the pull gives, in its order (distinct uuids: object or map keys); a full entry
  // has every player of the record first, then the pull's new ones.
  let rows: Iterable<readonly [string, Readonly<Record<string, number>> | undefined]> = input;
  if (options.full) {
    const known = Object.keys(record.players);
    const recorded = new Set(known);
    rows = [...known.map((uuid) => [uuid, input.get(uuid)] as const), ...[...input].filter(([uuid]) => !recorded.has(uuid))];
  }
  const uuids: string[] = [];
  const values: (number | null)[] = [];
  for (const [uuid, counters] of rows) {
    const track = record.players[uuid];
    // The same frozen counters as a pull that found this track unchanged: still unchanged.
    if (!options.full && track !== undefined && counters !== undefined && agreesWith(track, counters)) continue;
    let changed = track === undefined || options.full === true;
    const row = columns.map((name) => {
      // Own keys only: a counter named `toString` or `constructor` is data, not a method.
      const previous = (track !== undefined && Object.hasOwn(track, name) ? track[name]!.values.at(-1) : undefined) ?? null;
      const value = counters !== undefined && Object.hasOwn(counters, name) ? counters[name]! : previous;
      if (value !== previous) changed = true;
      return value;
    });
    if (changed) {
      uuids.push(uuid);
      values.push(...row);
    } else if (track !== undefined && counters !== undefined) {
      noteAgreement(track, counters);
    }
  }
  const entry: PullEntry = { at, online, columns, uuids, values };
  if (event !== null && (options.full || record.events[event.weekStart] !== event.stat)) {
    entry.event = { weekStart: event.weekStart, stat: event.stat };
  }
  return entry;
}

/**
 * The pull's counters as a map: a map as given; an object's own keys in order, read one by one
 * (`Object.entries` of an object with thousands of keys costs more than the rest of the work).
 */
function counterMap(counters: Pull['counters'] | undefined): ReadonlyMap<string, Readonly<Record<string, number>>> {
  if (counters instanceof Map) return counters;
  const map = new Map<string, Readonly<Record<string, number>>>();
  if (counters === undefined || counters === null) return map;
  for (const uuid of Object.keys(counters)) map.set(uuid, counters[uuid]!);
  return map;
}
