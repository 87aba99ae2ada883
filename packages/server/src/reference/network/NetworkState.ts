import type { Snapshot } from '@blockstats/core';

/** Since when and why one server of a network could not be pulled (its last good data is served). */
export interface StaleServer {
  since: number;
  reason: string;
}

/**
 * A network server's mutable state, shared by its pulls and its HTTP side: the network's
 * snapshot and each server's view are replaced whole, never mutated.
 */
export interface NetworkState {
  /** The network's snapshot (the merge of every server's last good save), or null before one. */
  current: Snapshot | null;
  /** Each server's view (`serverView` of its save in the network), by id. */
  views: Map<string, Snapshot>;
  /** Players the hiding rules leave out across the network (kept out of the live samples too). */
  hidden: ReadonlySet<string>;
  /** Servers whose last pull failed, by id. */
  stale: Map<string, StaleServer>;
  lastSuccessAt: number | null;
  lastErrorAt: number | null;
  lastError: string | null;
  pulls: number;
  closing: boolean;
}

export function initialNetworkState(): NetworkState {
  return { current: null, views: new Map(), hidden: new Set(), stale: new Map(), lastSuccessAt: null, lastErrorAt: null, lastError: null, pulls: 0, closing: false };
}
