import { ACTIVITY_PERIODS, indexSnapshot, listPlayers, periodCrowns, type ActivityRecord, type Snapshot, type StatHistory } from '@blockstats/core';
import { prepareSnapshotTables } from './prepareSnapshotTables.js';
import { recordAsOf } from './recordAsOf.js';
import { sharedActivePlayers, sharedServerActivity, sharedWeekRanks } from './recordDerived.js';
import { events } from './routes/communityRoutes.js';
import type { RouterOptions } from './RouterOptions.js';

/** The capabilities of a router's options that `prepareShared` reads. */
export type SharedSources = Pick<RouterOptions, 'snapshot' | 'record' | 'statHistory' | 'servers' | 'events' | 'clock'>;

/** The steps of `prepareShared`, as its timings name them. */
export type SharedStep = 'names' | 'player_order' | 'crowns' | 'events' | 'activity' | 'week_ranks' | 'active_players' | 'snapshot_tables';

/** Milliseconds each step took, summed over the views (the server's and each network server's). */
export type SharedStepTimes = Record<SharedStep, number>;

/** One view's snapshot and record, or null when either is missing or cannot be read. */
async function viewData(snapshot: SharedSources['snapshot'], record: SharedSources['record']): Promise<{ snap: Snapshot; rec: ActivityRecord } | null> {
  const snap = await snapshot();
  const rec = record ? await record() : null;
  return snap && rec ? { snap, rec } : null;
}

/**
 * Computes, for the snapshot and record served now (and each server's view of a network), what
 * many answers share and would otherwise compute on the first request after a pull: the players'
 * index by name (every page that links a player: the link is by name when the name is unique),
 * the players list's default order (the players page, `/v1/players`), the snapshot's small tables
 * (`prepareSnapshotTables`: the stats page's record holders, the players counted by edition), the period
 * crowns, the weekly events' standings, the server's activity, the active players of each
 * period and this week's ranks by play time (the home, activity, events and profile pages,
 * `/v1/crowns`, `/v1/events`, `/v1/activity`, `/v1/activity/players`,
 * `/v1/players/{player}/activity`). The answers read the same functions, so they are the same whether or not this ran first. Between
 * two computations `pause` lets waiting requests be answered. Never throws: a failure is given
 * to `onError` and the requests compute what is missing as before. Resolves to the time each
 * step took (`timer`: milliseconds now, default `performance.now`).
 *
 * @example
 * await prepareShared(routerOptions, () => new Promise((resolve) => setImmediate(resolve)));
 */
export async function prepareShared(sources: SharedSources, pause: () => Promise<void>, onError: (error: unknown) => void = () => {}, timer: () => number = () => performance.now()): Promise<SharedStepTimes> {
  const clock = sources.clock ?? Date.now;
  const times: SharedStepTimes = { names: 0, player_order: 0, crowns: 0, events: 0, activity: 0, week_ranks: 0, active_players: 0, snapshot_tables: 0 };
  const timed = (step: SharedStep, compute: () => unknown): void => {
    const begin = timer();
    compute();
    times[step] += timer() - begin;
  };
  const views = [
    { snapshot: sources.snapshot, record: sources.record, statHistory: sources.statHistory },
    ...(sources.servers ?? []).map((server) => ({ snapshot: server.snapshot, record: server.record, statHistory: server.statHistory })),
  ];
  for (const view of views) {
    try {
      // The crowns of the week, month and year (the home page): from the stat history.
      const snap = await view.snapshot();
      if (snap) {
        timed('names', () => indexSnapshot(snap));
        await pause();
        // The players list's default order (most recently online first), kept per snapshot.
        timed('player_order', () => listPlayers(snap, { limit: 1 }));
        await pause();
        // The stats page's record holders, the players counted by edition.
        timed('snapshot_tables', () => prepareSnapshotTables(snap));
        await pause();
      }
      const histories: readonly StatHistory[] | null | undefined = snap ? await view.statHistory?.() : null;
      if (snap && histories && histories.length > 0) {
        timed('crowns', () => periodCrowns(snap, histories));
        await pause();
      }
      const data = await viewData(view.snapshot, view.record);
      if (data === null || data.rec.recordingSince === null) continue;
      const { rec } = data;
      const now = recordAsOf(rec, clock());
      timed('events', () => events(data.snap, rec, now, sources as RouterOptions));
      await pause();
      timed('activity', () => sharedServerActivity(data.snap, rec, now));
      await pause();
      timed('week_ranks', () => sharedWeekRanks(data.snap, rec, now));
      for (const period of ACTIVITY_PERIODS) {
        await pause();
        timed('active_players', () => sharedActivePlayers(data.snap, rec, now, period, 'minutes'));
      }
    } catch (error) {
      onError(error);
    }
    await pause();
  }
  return times;
}
