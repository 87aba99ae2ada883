import { SPLIT_HEAD, shardKey, type ShardContent, type Snapshot, type SplitMeta } from '@blockstats/core';
import type { LoadedShard, ShardCache } from './ShardCache.js';

/** Thrown when an answer reads a shard not loaded: the worker loads it and asks again. */
export class ShardMissing extends Error {
  constructor(readonly key: string) {
    super(`shard ${key} is not loaded`);
    this.name = 'ShardMissing';
  }
}

/**
 * One generation of a split snapshot as the router reads it: a `Snapshot` whose bulk (stat
 * columns, advancement holders, players' advancement rows) comes from the shards loaded in
 * `cache`. What no loaded shard holds is never guessed: reading it records its shard in
 * `wanted` and throws {@link ShardMissing}; the worker then loads `wanted` and answers again,
 * so every answer is the whole snapshot's.
 */
export class SplitView {
  readonly snapshot: Snapshot;
  readonly wanted = new Set<string>();
  /** Misses so far (the worker compares it before and after an answer). */
  misses = 0;
  /** After a few rounds a stat's missing value loads the whole stat rather than a player block. */
  wholeStats = false;
  readonly #blockSize: number;

  constructor(
    readonly generation: string,
    meta: ShardContent<SplitMeta>,
    private readonly cache: ShardCache,
  ) {
    this.#blockSize = meta.header.block_size;
    const snap = meta.header.snapshot;
    // Copies, so that the meta shard's bytes (mostly the header's JSON) are not held.
    const [headBoard, headRanks, headValues] = [meta.columns.head_board!.slice(), meta.columns.head_ranks!.slice(), meta.columns.head_values!.slice()];
    snap.stats.forEach((stat, s) => this.#stat(stat as unknown as Record<string, unknown>, s, headBoard, headRanks, headValues));
    const [headHolders, headAt] = [meta.columns.head_holders!.slice(), meta.columns.head_holder_at!.slice()];
    snap.advancements.forEach((adv, a) => this.#advancement(adv as unknown as Record<string, unknown>, a, headHolders, headAt));
    snap.players = this.#players(snap.players as unknown as Array<Record<string, unknown>>);
    this.snapshot = snap;
  }

  /** Takes the shards wanted so far. */
  takeWanted(): string[] {
    const keys = [...this.wanted];
    this.wanted.clear();
    return keys;
  }

  #key(key: string): string {
    return shardKey(this.generation, key);
  }

  #miss(key: string): never {
    this.wanted.add(this.#key(key));
    this.misses++;
    throw new ShardMissing(key);
  }

  #shard(key: string): LoadedShard | undefined {
    return this.cache.get(this.#key(key));
  }

  #block(player: number): { shard: LoadedShard | undefined; key: string; at: number; n: number } {
    const b = Math.floor(player / this.#blockSize);
    const key = `p/${b}`;
    const shard = this.#shard(key);
    const n = shard ? shard.content.columns.ranks!.length / this.snapshot.stats.length : 0;
    return { shard, key, at: player - b * this.#blockSize, n };
  }

  #stat(stat: Record<string, unknown>, s: number, headBoard: ArrayLike<number>, headRanks: ArrayLike<number>, headValues: ArrayLike<number>): void {
    const key = `s/${s}`;
    const length = stat.board_length as number;
    delete stat.board_length;
    const head = Math.min(SPLIT_HEAD, length);
    const headValue = new Map<number, number>();
    for (let i = 0; i < head; i++) headValue.set(headBoard[s * SPLIT_HEAD + i]!, headValues[s * SPLIT_HEAD + i]!);
    const partial = {
      values: partialColumn(() => this.#playerCount, (p) => {
        const known = headValue.get(p);
        if (known !== undefined) return known;
        if (this.wholeStats) return this.#miss(key);
        const block = this.#block(p);
        if (block.shard === undefined) return this.#miss(block.key);
        return block.shard.content.columns.values![s * block.n + block.at]!;
      }, () => this.#miss(key)),
      board: partialColumn(() => length, (i) => (i < head ? headBoard[s * SPLIT_HEAD + i]! : this.#miss(key)), () => this.#miss(key)),
      ranks: partialColumn(() => length, (i) => (i < head ? headRanks[s * SPLIT_HEAD + i]! : this.#miss(key)), () => this.#miss(key)),
    };
    for (const name of ['values', 'board', 'ranks'] as const) {
      Object.defineProperty(stat, name, { enumerable: true, configurable: true, get: () => this.#shard(key)?.content.columns[name] ?? partial[name] });
    }
    Object.defineProperty(stat, 'rank_of', {
      enumerable: false,
      value: (p: number): number | null | undefined => {
        if (this.cache.has(this.#key(key))) return undefined;
        const block = this.#block(p);
        if (block.shard === undefined) return undefined;
        const rank = block.shard.content.columns.ranks![s * block.n + block.at]!;
        return rank === 0 ? null : rank;
      },
    });
  }

  get #playerCount(): number {
    return this.snapshot.players.length;
  }

  #advancement(adv: Record<string, unknown>, a: number, headHolders: ArrayLike<number>, headAt: ArrayLike<number>): void {
    const key = `a/${a}`;
    const length = adv.holders_length as number;
    delete adv.holders_length;
    const head = Math.min(SPLIT_HEAD, length);
    const partial = {
      holders: partialColumn(() => length, (i) => (i < head ? headHolders[a * SPLIT_HEAD + i]! : this.#miss(key)), () => this.#miss(key)),
      holder_at: partialColumn(() => length, (i) => (i < head ? headAt[a * SPLIT_HEAD + i]! : this.#miss(key)), () => this.#miss(key)),
    };
    for (const name of ['holders', 'holder_at'] as const) {
      Object.defineProperty(adv, name, { enumerable: true, configurable: true, get: () => this.#shard(key)?.content.columns[name] ?? partial[name] });
    }
  }

  /**
   * The players as instances of one class whose prototype reads `advancements` from the player
   * blocks: each has the same fields in the same order (one shape), where a getter defined on
   * each of 50,000 parsed objects made them dictionaries (53 MB more, measured).
   */
  #players(parsed: Array<Record<string, unknown>>): Snapshot['players'] {
    const rowOf = (p: number): Float64Array => {
      const block = this.#block(p);
      return block.shard?.rows![block.at] ?? this.#miss(block.key);
    };
    class SplitPlayer {
      readonly #index: number;
      constructor(fields: Record<string, unknown>, index: number) {
        Object.assign(this, fields);
        this.#index = index;
      }
      get advancements(): Float64Array {
        return rowOf(this.#index);
      }
    }
    return parsed.map((fields, p) => new SplitPlayer(fields, p)) as unknown as Snapshot['players'];
  }
}

/**
 * An array-like of `length()` numbers whose element i is `at(i)`; any other use (a method, an
 * iteration) calls `whole()`, which throws for the shard holding the whole column.
 */
function partialColumn(length: () => number, at: (i: number) => number, whole: () => never): ArrayLike<number> {
  return new Proxy([] as number[], {
    get(_target, prop) {
      if (prop === 'length') return length();
      if (typeof prop === 'string') {
        const i = Number(prop);
        if (Number.isInteger(i) && i >= 0 && String(i) === prop) return i < length() ? at(i) : undefined;
      }
      return whole();
    },
    has(_target, prop) {
      if (typeof prop === 'string') {
        const i = Number(prop);
        if (Number.isInteger(i) && i >= 0 && String(i) === prop) return i < length();
      }
      return whole();
    },
  });
}
