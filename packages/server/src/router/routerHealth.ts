import type { Snapshot } from '@blockstats/core';
import type { RouterCore } from './RouterCore.js';
import type { HealthState } from './RouterOptions.js';

/** The health a route reports: `RouterOptions.health` with its gaps filled from the router and the snapshot. */
export function routerHealth(core: RouterCore, snapshot: Snapshot | null): Required<HealthState> {
  const state = core.options.health?.() ?? {};
  const updated = snapshot ? Date.parse(snapshot.data_updated_at) : null;
  return {
    startedAt: state.startedAt ?? core.createdAt,
    lastSuccessAt: state.lastSuccessAt ?? updated,
    lastErrorAt: state.lastErrorAt ?? null,
    nextPullAt: state.nextPullAt ?? null,
    problems: state.problems ?? [],
  };
}
