import type { Snapshot } from '../snapshot/types.js';

/** Board places of every statistic, and first holders of every advancement, a split snapshot's `meta` holds (record holders, ties, podiums, firsts). */
export const SPLIT_HEAD = 10;

/** The header of a split snapshot's `meta` shard (see `splitSnapshot`). */
export interface SplitMeta {
  format: 'blockstats-split';
  version: 1;
  /** Players a `p/<b>` block holds. */
  block_size: number;
  /**
   * The snapshot without its bulk: players without `advancements`; stats without `values`,
   * `board`, `ranks` but with `board_length`; advancements without `holders`, `holder_at` but
   * with `holders_length`. The meta shard's columns hold each stat's first places
   * (`head_board`, `head_ranks`, `head_values`, {@link SPLIT_HEAD} a stat, -1 past the board's end)
   * and each advancement's first holders (`head_holders`, `head_holder_at`, as many a one).
   */
  snapshot: Snapshot & { stats: Array<{ board_length: number }>; advancements: Array<{ holders_length: number }> };
}

/** The KV key of a split snapshot's shard: below its generation, so generations never mix. */
export function shardKey(generation: string, key: string): string {
  return `${generation}/${key}`;
}

/** The key naming the generation served (written last, after every shard). */
export const SPLIT_POINTER_KEY = 'split';
