import { join } from 'node:path';
import type { Snapshot } from '@blockstats/core';
import { collectGarbage } from '../collectGarbage.js';
import type { Logger } from '../logger.js';
import type { ServedState } from '../ServedState.js';
import { readStoredSnapshot, SNAPSHOT_FILE, writeSnapshotFile } from '../snapshotFile.js';
import { createSnapshotPersister, type SnapshotPersister } from '../snapshotPersister.js';
import { backendDataDir } from './backendConfig.js';
import { oneAtATime } from './oneAtATime.js';

/** Each server's view is kept beside its own data: `<data>/servers/<id>/view-snapshot.json`. */
export const VIEW_SNAPSHOT_FILE = 'view-snapshot.json';

/** Writes the network's snapshot and every server's view (at most once per `schedule.persist`, and at shutdown). */
export interface NetworkPersister {
  /** True when the files are written now (each collects the garbage after its write), false when not due yet. */
  save(network: Snapshot, views: ReadonlyMap<string, Snapshot>, hidden: ReadonlySet<string>): boolean;
  idle(): Promise<void>;
  flush(): Promise<void>;
}

/** What the persisted files are stored for: the servers (ids and saves) and the hiding rules; another network's files are not loaded. */
export interface NetworkPersistKey {
  dataDir: string;
  servers: ReadonlyArray<{ id: string; display: string }>;
  playersRules: string;
}

function networkRoot(key: NetworkPersistKey): string {
  return `network:${key.servers.map((s) => `${s.id}=${s.display}`).join(',')}`;
}

function viewRoot(key: NetworkPersistKey, id: string): string {
  return `${networkRoot(key)}#${id}`;
}

/** What a restart serves before its first pull: only the hidden players matter (the proxy status's sample). */
function served(hidden: ReadonlySet<string>): ServedState {
  return { root: '', advancement_files: [], hidden: [...hidden].sort(), unreadable: [] };
}

export function createNetworkPersister(key: NetworkPersistKey, options: { log: Logger; everyMs: number; clock: () => number }): NetworkPersister {
  // The six files one at a time (see oneAtATime).
  const write = oneAtATime(writeSnapshotFile);
  const make = (path: string, serverRoot: string): SnapshotPersister => createSnapshotPersister({ path, serverRoot, playersRules: key.playersRules, log: options.log, afterWrite: collectGarbage, everyMs: options.everyMs, clock: options.clock, write });
  const network = make(join(key.dataDir, SNAPSHOT_FILE), networkRoot(key));
  const views = new Map(key.servers.map((s) => [s.id, make(join(backendDataDir(key.dataDir, s.id), VIEW_SNAPSHOT_FILE), viewRoot(key, s.id))]));
  const all = [network, ...views.values()];
  return {
    save(snapshot, viewSnapshots, hidden) {
      let writing = network.save(snapshot, served(hidden));
      for (const [id, view] of viewSnapshots) writing = (views.get(id)?.save(view, served(hidden)) ?? false) || writing;
      return writing;
    },
    idle: async () => void (await Promise.all(all.map((p) => p.idle()))),
    flush: async () => void (await Promise.all(all.map((p) => p.flush()))),
  };
}

/** The network's persisted snapshot and views, as the last run served them (null: none stored for this network). */
export async function readNetworkSnapshots(key: NetworkPersistKey, maxBytes: number): Promise<{ network: Snapshot; views: Map<string, Snapshot>; hidden: string[] } | null> {
  const stored = await readStoredSnapshot(join(key.dataDir, SNAPSHOT_FILE), networkRoot(key), key.playersRules, maxBytes);
  if (stored === null) return null;
  const views = new Map<string, Snapshot>();
  for (const s of key.servers) {
    const view = await readStoredSnapshot(join(backendDataDir(key.dataDir, s.id), VIEW_SNAPSHOT_FILE), viewRoot(key, s.id), key.playersRules, maxBytes).catch(() => null);
    if (view !== null) views.set(s.id, view.snapshot);
  }
  return { network: stored.snapshot, views, hidden: stored.served?.hidden ?? [] };
}
