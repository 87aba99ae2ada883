import type { EventConfig } from '@blockstats/core';
import type { ParseCache, ParseWorkerPool, SaveWatch } from '@blockstats/core/node';
import type { SaveSource } from '../remote/createSaveSource.js';
import type { IdleCollector } from './idleCollector.js';
import type { LastGoodStore } from './lastGoodStore.js';
import type { LiveSources } from './liveSources.js';
import type { Logger } from './logger.js';
import type { PendingSnapshots } from './sharedPreparer.js';
import type { PullLimits } from './pullLimits.js';
import type { SnapshotPersister } from './snapshotPersister.js';
import type { ReferenceServerConfig, ReferenceServerOptions } from './types.js';

/** What a pull works with besides the state it updates. */
export interface PullContext {
  config: ReferenceServerConfig;
  /** Absolute server and data directories (the server directory is the mirror of a remote save). */
  serverDir: string;
  /** Brings `serverDir` up to date before each read (a remote save's sync). */
  source: SaveSource;
  dataDir: string;
  clock: () => number;
  log: Logger;
  cache: ParseCache;
  /** Watchers of the player folders (`schedule.watch`): a pull stats only the files that changed; null: every file. */
  watch: SaveWatch | null;
  /** Parse worker threads kept between pulls: a pull's few changed files are parsed on them. */
  workers: ParseWorkerPool;
  live: LiveSources;
  limits: PullLimits;
  /** Every player's last good reading on disk, for the first pull after a restart; null when read-only. */
  store: LastGoodStore | null;
  /** Writes `snapshot.json` after the pulls, in the background; null when read-only. */
  persister: SnapshotPersister | null;
  eventConfig: EventConfig;
  options: Pick<ReferenceServerOptions, 'readOnly' | 'onProgress' | 'pullTimer' | 'buildSnapshot'>;
  /**
   * Computes what many answers share for the pull's new snapshot and the record (see
   * `prepareShared`), before the swap, so that its first requests do not; never rejects.
   */
  prepare?: (pending: PendingSnapshots) => Promise<void>;
  /** Runs the full collection after the swap once no request waits (see `idleCollector`); absent: just after the pull. */
  collector?: IdleCollector;
}
