import { flatEntries } from '../snapshot/advancement-row.js';
import { holderTime } from '../snapshot/holder-times.js';
import type { Snapshot, SnapshotAdvancement, SnapshotPlayer, SnapshotStat } from '../snapshot/types.js';
import { statRank } from '../queries/stat-rank.js';
import { packShard } from './shard-pack.js';
import { SPLIT_HEAD, type SplitMeta } from './split-meta.js';

/** One shard of a split snapshot: its key (below the generation, see `shardKey`) and bytes. */
export interface Shard {
  key: string;
  bytes: Uint8Array;
}

/** Options of {@link splitSnapshot}. */
export interface SplitOptions {
  /** Players a player block holds. Default 1,000. */
  blockSize?: number;
}

/**
 * A snapshot cut into shards that a reader loads one at a time (a Cloudflare Worker, whose KV
 * value holds 25 MiB and whose isolate 128 MB, serves a 50,000-player server so). `meta`: the
 * snapshot without its bulk (every player's light fields, each statistic's definition, total,
 * board length and first {@link SPLIT_HEAD} places, each advancement's definition and holder
 * count, the feed, the hall of fame); `s/<i>`: statistic i's values, board and ranks; `a/<i>`:
 * advancement i's holders and times; `p/<b>`: block b's players (`blockSize` from index
 * b × blockSize): their advancement rows, and per statistic their value and rank.
 *
 * @example
 * const shards = splitSnapshot(snapshot); // [{ key: 'meta', bytes }, { key: 's/0', bytes }, …]
 */
export function splitSnapshot(snapshot: Snapshot, options: SplitOptions = {}): Shard[] {
  const blockSize = options.blockSize ?? 1000;
  const shards: Shard[] = [{ key: 'meta', bytes: metaShard(snapshot, blockSize) }];
  snapshot.stats.forEach((stat, i) => shards.push({ key: `s/${i}`, bytes: statShard(stat) }));
  snapshot.advancements.forEach((adv, i) => shards.push({ key: `a/${i}`, bytes: advancementShard(adv) }));
  for (let from = 0, b = 0; from < snapshot.players.length; from += blockSize, b++) {
    shards.push({ key: `p/${b}`, bytes: playerBlock(snapshot, from, Math.min(snapshot.players.length, from + blockSize)) });
  }
  return shards;
}

function metaShard(snapshot: Snapshot, blockSize: number): Uint8Array {
  const stats = snapshot.stats.map(({ values: _v, board, ranks: _r, rank_of: _k, ...rest }) => ({ ...rest, board_length: board.length }));
  const advancements = snapshot.advancements.map(({ holders, holder_at: _h, ...rest }) => ({ ...rest, holders_length: holders.length }));
  const players = snapshot.players.map(({ advancements: _a, ...rest }: SnapshotPlayer) => rest);
  const header: SplitMeta = { format: 'blockstats-split', version: 1, block_size: blockSize, snapshot: { ...snapshot, players, stats, advancements } as unknown as SplitMeta['snapshot'] };
  const count = snapshot.stats.length * SPLIT_HEAD;
  const headBoard = new Int32Array(count).fill(-1);
  const headRanks = new Int32Array(count);
  const headValues = new Float64Array(count);
  snapshot.stats.forEach((stat, s) => {
    for (let i = 0; i < Math.min(SPLIT_HEAD, stat.board.length); i++) {
      headBoard[s * SPLIT_HEAD + i] = stat.board[i]!;
      headRanks[s * SPLIT_HEAD + i] = stat.ranks[i]!;
      headValues[s * SPLIT_HEAD + i] = stat.values[stat.board[i]!]!;
    }
  });
  const advCount = snapshot.advancements.length * SPLIT_HEAD;
  const advHolders = new Int32Array(advCount).fill(-1);
  const advAt = new Float64Array(advCount);
  snapshot.advancements.forEach((adv, a) => {
    for (let i = 0; i < Math.min(SPLIT_HEAD, adv.holders.length); i++) {
      advHolders[a * SPLIT_HEAD + i] = adv.holders[i]!;
      advAt[a * SPLIT_HEAD + i] = holderTime(adv.holder_at, i)!;
    }
  });
  return packShard({ header, columns: { head_board: headBoard, head_ranks: headRanks, head_values: headValues, head_holders: advHolders, head_holder_at: advAt } });
}

function statShard(stat: SnapshotStat): Uint8Array {
  const n = stat.values.length;
  let integral = true;
  for (let i = 0; i < n && integral; i++) integral = Object.is(stat.values[i]! | 0, stat.values[i]);
  const values = integral ? Int32Array.from(stat.values) : Float64Array.from(stat.values);
  return packShard({ header: { stat: stat.id }, columns: { values, board: Int32Array.from(stat.board), ranks: Int32Array.from(stat.ranks) } });
}

function advancementShard(adv: SnapshotAdvancement): Uint8Array {
  const at = new Float64Array(adv.holders.length);
  for (let i = 0; i < at.length; i++) at[i] = holderTime(adv.holder_at, i)!;
  return packShard({ header: { advancement: adv.id }, columns: { holders: Int32Array.from(adv.holders), holder_at: at } });
}

function playerBlock(snapshot: Snapshot, from: number, to: number): Uint8Array {
  const n = to - from;
  const values = new Float64Array(snapshot.stats.length * n);
  const ranks = new Int32Array(snapshot.stats.length * n);
  snapshot.stats.forEach((stat, s) => {
    for (let p = from; p < to; p++) {
      values[s * n + p - from] = stat.values[p] ?? 0;
      ranks[s * n + p - from] = statRank(stat, p, snapshot.players[p]!.ranked) ?? 0;
    }
  });
  const offsets = new Int32Array(n + 1);
  const rows: number[][] = [];
  for (let p = from; p < to; p++) {
    const flat = flatEntries(snapshot.players[p]!.advancements);
    rows.push(flat);
    offsets[p - from + 1] = offsets[p - from]! + flat.length;
  }
  const entries = new Float64Array(offsets[n]!);
  rows.forEach((flat, i) => entries.set(flat, offsets[i]!));
  return packShard({ header: { from, to }, columns: { values, ranks, advancement_offsets: offsets, advancements: entries } });
}
