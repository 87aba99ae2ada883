import { SPLIT_POINTER_KEY, shardKey, type ShardContent, type SplitMeta } from '@blockstats/core';
import type { ShardCache } from './ShardCache.js';
import type { SnapshotStore } from './SnapshotStore.js';
import { SplitView } from './splitView.js';

/**
 * The split snapshot KV's pointer (`split`) names: `current` when it names the same generation,
 * else a view on the new generation's `meta`; null when there is no pointer (the whole
 * `snapshot` form is then read). A generation whose meta is gone (expired) keeps `current`.
 */
export async function readSplitView(store: SnapshotStore, cache: ShardCache, current: SplitView | null): Promise<SplitView | null> {
  const pointer = await store.get(SPLIT_POINTER_KEY, 'arrayBuffer');
  if (pointer === null) return null;
  const { generation } = JSON.parse(new TextDecoder().decode(pointer)) as { generation: string };
  if (current?.generation === generation) return current;
  let meta: ShardContent<SplitMeta>;
  try {
    // Not kept in the cache: the view holds the parsed header and copies of the small columns.
    meta = (await cache.read(shardKey(generation, 'meta'))).content as ShardContent<SplitMeta>;
  } catch (error) {
    if (current !== null) return current;
    throw error;
  }
  return new SplitView(generation, meta, cache);
}
