import type { ActivityRecord, Snapshot } from '@blockstats/core';
import type { NetworkServer } from './NetworkServer.js';
import type { Rendered } from './Rendered.js';
import type { ResponseMemo } from './responseMemo.js';
import type { RouterOptions } from './RouterOptions.js';

/** The `server` query parameter of a request target (a network's server view). */
const SERVER_PARAM = /[?&]server=([a-z][a-z0-9_]{0,31})(?=&|#|$)/;

/** The fast lane's lookups of one network server's view (`?server=<id>`). */
export interface ServerViewLookup {
  /**
   * The network server a request target names: undefined for the network view (or a single
   * server, which ignores the parameter), null for an id no server has (fetch answers its 400).
   */
  namedServer(target: string): NetworkServer | null | undefined;
  /** The remembered answer of `server`'s view for `origin` + `target`, if any. */
  inServerView(origin: string, target: string, server: NetworkServer): Rendered | undefined;
}

/**
 * The fast lane's lookups of one server's view: the fetch path keeps its answers under the URL
 * and that server's generation (runRoute, createSite), never under the URL alone, so they are
 * looked up there only. `recordKey` is the fast lane's `recordMemoKeys()`.
 *
 * @example
 * const { namedServer, inServerView } = serverViewLookup(options, memo, recordMemoKeys());
 * const server = namedServer('/v1/stats/jump?server=survival'); // the survival server
 */
export function serverViewLookup(options: RouterOptions, memo: ResponseMemo | null, recordKey: (record: ActivityRecord | null) => string): ServerViewLookup {
  const serversById = new Map((options.servers ?? []).map((server) => [server.id, server]));
  return {
    namedServer(target) {
      if (serversById.size === 0 || !target.includes('server=')) return undefined;
      const id = SERVER_PARAM.exec(target)?.[1];
      return id === undefined ? undefined : (serversById.get(id) ?? null);
    },
    inServerView(origin, target, server) {
      const snapshot = server.snapshot();
      if (!snapshot || typeof (snapshot as Promise<unknown>).then === 'function') return undefined;
      const key = `${origin}${target} ${(snapshot as Snapshot).generation}`;
      const found = memo?.get(key);
      if (found || !options.site || !server.record) return found;
      // A website page that shows the server's activity record is keyed with the record's state too.
      const record = server.record();
      if (record && typeof (record as Promise<unknown>).then === 'function') return undefined;
      return memo?.get(`${key}#${recordKey(record as ActivityRecord | null)}`);
    },
  };
}
