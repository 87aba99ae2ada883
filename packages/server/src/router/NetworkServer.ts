import type { ActivityRecord, Snapshot, StatHistory } from '@blockstats/core';
import type { ModpackSource, ModsSource, StatusSource } from '../live/types.js';

/**
 * One server of a network (issue 38), as the router serves it under `?server=<id>`: its own
 * snapshot (built from `serverView` of its save, so a player banned on any server is hidden on
 * it too) and its own live sources. What is left out answers as for a single server without it:
 * no record 503s, no status `not_configured`, no mods or modpack 503s.
 */
export interface NetworkServer {
  /** snake_case, unique in the network: the value of the `server` query parameter. */
  id: string;
  /** Display name. */
  name: string;
  /** This server's snapshot, or null before its first build (its data endpoints answer 503). */
  snapshot: () => Snapshot | null | Promise<Snapshot | null>;
  /** This server's activity record; without one its activity, history and events answer 503. */
  record?: () => ActivityRecord | null | Promise<ActivityRecord | null>;
  /** This server's stat history (issue 41); without one its period answers are 503. */
  statHistory?: () => readonly StatHistory[] | null | Promise<readonly StatHistory[] | null>;
  /** This server's own server-list ping (a backend behind the proxy). */
  status?: StatusSource;
  /** This server's mods. */
  mods?: ModsSource;
  /** This server's client modpack. */
  modpack?: ModpackSource;
}

/** snake_case ids: what the configuration and `?server=` accept. */
export const SERVER_ID = /^[a-z][a-z0-9_]{0,31}$/;
