import type { Snapshot } from '@blockstats/core';
import { gunzipped } from './ShardCache.js';
import type { SnapshotStore } from './SnapshotStore.js';

/** The whole snapshot stored under `snapshot`: gzip-compressed (it starts 1f 8b) or plain JSON; null when absent. */
export async function readSnapshot(store: SnapshotStore): Promise<Snapshot | null> {
  const bytes = await store.get('snapshot', 'arrayBuffer');
  if (bytes === null) return null;
  return JSON.parse(new TextDecoder().decode(await gunzipped(bytes))) as Snapshot;
}
