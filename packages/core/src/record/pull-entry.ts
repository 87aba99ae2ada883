import type { ActivityRecord, Pull } from './types.js';

/**
 * What one pull adds to the record: the server sample and the players whose counters changed.
 * `values` of each player line up with `columns`; null means "not recorded".
 */
export interface PullEntry {
  at: number;
  online: number | null;
  columns: string[];
  players: Array<{ uuid: string; values: (number | null)[] }>;
}

/** Options of `pullEntry`. */
export interface PullEntryOptions {
  /**
   * Write every known player, changed or not. The log does this for the first pull of each
   * monthly file, so every file is self-contained (an old month can be archived or lost).
   */
  full?: boolean;
}

/**
 * Checks a pull and works out what it adds to `record`, without changing the record.
 *
 * A player gets a line when any counter differs from the last recorded value, and the first time
 * they are seen; everyone else keeps their previous values. Counters the pull leaves out carry
 * over. Throws a `RangeError`/`TypeError` naming the problem for a malformed pull or one that
 * is not later than the last pull.
 *
 * @example
 * ```ts
 * const entry = pullEntry(emptyRecord(), { at: Date.parse('2026-11-16T12:00:00Z'), online: 3,
 *   counters: { '069a79f4-44e9-4726-a5be-fca90e38aaf5': { play_time: 72000, deaths: 2 } } });
 * entry.players.length; // 1
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
  const input = pull.counters instanceof Map ? [...pull.counters] : Object.entries(pull.counters ?? {});

  const columns = [...record.counters];
  for (const [uuid, counters] of input) {
    if (typeof uuid !== 'string' || uuid === '') throw new TypeError('pull.counters keys must be player uuids');
    if (typeof counters !== 'object' || counters === null) {
      throw new TypeError(`pull.counters['${uuid}'] must be an object of counters`);
    }
    for (const [name, value] of Object.entries(counters)) {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new TypeError(`pull.counters['${uuid}'].${name} must be a finite number, got ${String(value)}`);
      }
      if (!columns.includes(name)) columns.push(name);
    }
  }

  const given = new Map(input);
  const uuids = options.full ? new Set([...Object.keys(record.players), ...given.keys()]) : given.keys();
  const players: PullEntry['players'] = [];
  for (const uuid of uuids) {
    const track = record.players[uuid];
    const counters = given.get(uuid) ?? {};
    let changed = track === undefined || options.full === true;
    const values = columns.map((name) => {
      const previous = track?.values[name]?.at(-1) ?? null;
      const value = counters[name] ?? previous;
      if (value !== previous) changed = true;
      return value;
    });
    if (changed) players.push({ uuid, values });
  }
  return { at, online, columns, players };
}
