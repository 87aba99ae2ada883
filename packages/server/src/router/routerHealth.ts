import type { Snapshot } from '@blockstats/core';
import type { RouterCore } from './RouterCore.js';
import type { HealthState } from './RouterOptions.js';

/** The health a route reports: the job's state with its gaps filled, and when the statistics served were made. */
export interface RouterHealth extends Required<HealthState> {
  /**
   * The served snapshot's `data_updated_at` (epoch ms), or null without one: what every answer's
   * `meta.data_updated_at` says. It stays put on a pull that found nothing changed (the snapshot is
   * kept), where `lastSuccessAt` moves on.
   */
  dataUpdatedAt: number | null;
}

/** The health a route reports: `RouterOptions.health` with its gaps filled from the router and the snapshot. */
export function routerHealth(core: RouterCore, snapshot: Snapshot | null): RouterHealth {
  const state = core.options.health?.() ?? {};
  const updated = snapshot ? Date.parse(snapshot.data_updated_at) : null;
  return {
    startedAt: state.startedAt ?? core.createdAt,
    lastSuccessAt: state.lastSuccessAt ?? updated,
    lastErrorAt: state.lastErrorAt ?? null,
    nextPullAt: state.nextPullAt ?? null,
    problems: state.problems ?? [],
    dataUpdatedAt: updated,
  };
}
