import { activePlayers, serverActivity, visibleRecord, weekRanks, type ActivePlayers, type ActivityPeriod, type ActivityRecord, type ActivitySort, type ServerActivity, type Snapshot } from '@blockstats/core';
import { namesOf } from './routes/routeHelpers.js';

/**
 * What many answers read of one state of the activity record, by the record's visible view
 * (`visibleRecord`: a new view object for every new snapshot or pull, so an entry never outlives
 * the state it was computed from, and leaves with its view).
 */
const derived = new WeakMap<ActivityRecord, Map<string, unknown>>();

/** `compute()` once per view of the record and `key`. */
function once<T>(view: ActivityRecord, key: string, compute: () => T): T {
  let entries = derived.get(view);
  if (!entries) derived.set(view, (entries = new Map()));
  if (entries.has(key)) return entries.get(key) as T;
  const value = compute();
  entries.set(key, value);
  return value;
}

/**
 * `compute()` once per state of the record as `snapshot` shows it, and `key` (which names every
 * other input of the computation). Treat the result as read-only.
 *
 * @example
 * const list = perRecordState(snapshot, record, `events|${now}`, () => computeEvents(snapshot, record, now));
 */
export function perRecordState<T>(snapshot: Snapshot, record: ActivityRecord, key: string, compute: () => T): T {
  return once(visibleRecord(record, snapshot), key, compute);
}

/**
 * `serverActivity` of the players `snapshot` publishes, as of `now` (the record's last pull:
 * see `recordAsOf`), computed once per state of the record: the home and activity pages and
 * `/v1/activity` share it. Treat the result as read-only.
 *
 * @example
 * const activity = sharedServerActivity(snapshot, record, recordAsOf(record, now));
 */
export function sharedServerActivity(snapshot: Snapshot, record: ActivityRecord, now: number): ServerActivity {
  const view = visibleRecord(record, snapshot);
  const timeZone = snapshot.config.time_zone;
  return once(view, `activity|${now}|${timeZone}`, () => serverActivity(view, { now, timeZone }));
}

/**
 * Every active player of a period ranked on `sort` (all pages), computed once per state of the
 * record; `activePlayersPage` slices it. Treat the result as read-only.
 */
export function sharedActivePlayers(snapshot: Snapshot, record: ActivityRecord, now: number, period: ActivityPeriod, sort: ActivitySort): ActivePlayers {
  const view = visibleRecord(record, snapshot);
  return once(view, `active|${now}|${period}|${sort}`, () => activePlayers(view, { now, period, sort, names: namesOf(snapshot) }));
}

/**
 * One page of `activePlayers` (the same answer as `activePlayers` with `offset` and `limit`),
 * sliced from the shared ranking.
 *
 * @example
 * activePlayersPage(snapshot, record, recordAsOf(record, now), { period: '7d', sort: 'minutes', offset: 0, limit: 50 });
 */
export function activePlayersPage(snapshot: Snapshot, record: ActivityRecord, now: number, query: { period: ActivityPeriod; sort: ActivitySort; offset: number; limit: number }): ActivePlayers {
  const all = sharedActivePlayers(snapshot, record, now, query.period, query.sort);
  return { ...all, items: all.items.slice(query.offset, query.offset + query.limit).map((entry) => ({ ...entry })) };
}

/**
 * Every player's rank by minutes played this week (`weekRanks`), computed once per state of the
 * record: each profile's `rank_this_week` reads it.
 */
export function sharedWeekRanks(snapshot: Snapshot, record: ActivityRecord, now: number): ReadonlyMap<string, number> {
  const view = visibleRecord(record, snapshot);
  const timeZone = snapshot.config.time_zone;
  return once(view, `weekRanks|${now}|${timeZone}`, () => weekRanks(view, { now, timeZone, names: namesOf(snapshot) }));
}
