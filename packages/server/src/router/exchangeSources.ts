import type { ActivityRecord, Snapshot } from '@blockstats/core';
import type { Exchange } from './Exchange.js';
import type { NetworkServer } from './NetworkServer.js';
import type { RouterOptions } from './RouterOptions.js';

/** An exchange's snapshot and record: the server's (or, for null, the router's), each read at most once. */
export function exchangeSources(options: RouterOptions, server: NetworkServer | null): Pick<Exchange, 'snapshot' | 'record'> {
  let snapshotPromise: Promise<Snapshot | null> | undefined;
  let recordPromise: Promise<ActivityRecord | null> | undefined;
  return {
    snapshot: () => (snapshotPromise ??= Promise.resolve(server ? server.snapshot() : options.snapshot())),
    record: () => (recordPromise ??= Promise.resolve(server ? (server.record ? server.record() : null) : options.record ? options.record() : null)),
  };
}
