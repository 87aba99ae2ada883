import { unpackShard, type ShardContent } from '@blockstats/core';
import type { SnapshotStore } from './SnapshotStore.js';

/** A loaded shard: its columns, and for a player block each player's advancement row. */
export interface LoadedShard {
  content: ShardContent;
  rows: Float64Array[] | null;
  bytes: number;
}

/** A shard the store does not hold (an expired or half-uploaded generation). */
export class ShardUnavailable extends Error {}

/**
 * The shards of split snapshots read from KV, least recently used first out once they hold more
 * than `maxBytes` (their decompressed size). gzip (first bytes 1f 8b) is undone by the platform's
 * DecompressionStream.
 */
export class ShardCache {
  #shards = new Map<string, LoadedShard>();
  #bytes = 0;
  /** Shards a request in progress loaded for itself, by how many such requests: never evicted. */
  #pinned = new Map<string, number>();
  /** KV reads done (the bench counts them a request). */
  reads = 0;

  constructor(
    private readonly store: SnapshotStore,
    readonly maxBytes: number,
  ) {}

  /** The shard under `key` if loaded (then the most recently used). */
  get(key: string): LoadedShard | undefined {
    const shard = this.#shards.get(key);
    if (shard !== undefined) {
      this.#shards.delete(key);
      this.#shards.set(key, shard);
    }
    return shard;
  }

  /** Whether `key` is loaded, without touching its place. */
  has(key: string): boolean {
    return this.#shards.has(key);
  }

  /**
   * Reads the shards not loaded yet, in parallel; throws ShardUnavailable for one KV lacks. With
   * `pins`, the shards are kept (whatever the bound) until `unpin(pins)`: a request needing more
   * than the bound holds its shards while it answers.
   */
  async load(keys: Iterable<string>, pins?: string[]): Promise<void> {
    const wanted = [...new Set(keys)];
    if (pins) {
      for (const key of wanted) this.#pinned.set(key, (this.#pinned.get(key) ?? 0) + 1);
      pins.push(...wanted);
    }
    const missing = wanted.filter((key) => !this.#shards.has(key));
    const loaded = await Promise.all(missing.map(async (key) => [key, await this.#read(key)] as const));
    for (const [key, shard] of loaded) this.#put(key, shard);
  }

  /** Lets the shards `load` pinned go again (then evicts down to the bound). */
  unpin(pins: readonly string[]): void {
    for (const key of pins) {
      const count = this.#pinned.get(key) ?? 0;
      if (count <= 1) this.#pinned.delete(key);
      else this.#pinned.set(key, count - 1);
    }
    this.#evict();
  }

  /** Decompressed bytes held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Reads one shard from KV without keeping it (the `meta` a view copies what it needs of). */
  async read(key: string): Promise<LoadedShard> {
    return this.#read(key);
  }

  async #read(key: string): Promise<LoadedShard> {
    this.reads++;
    const stored = await this.store.get(key, 'arrayBuffer');
    if (stored === null) throw new ShardUnavailable(`KV holds no shard ${key}`);
    const bytes = await gunzipped(fromBase64Text(stored));
    const content = unpackShard(bytes);
    return { content, rows: playerRows(content), bytes: bytes.byteLength };
  }

  #put(key: string, shard: LoadedShard): void {
    if (this.#shards.has(key)) return;
    this.#shards.set(key, shard);
    this.#bytes += shard.bytes;
    this.#evict(key);
  }

  /** The least recently used go first, down to the bound; pinned shards and `keep` stay. */
  #evict(keep?: string): void {
    for (const [old, held] of this.#shards) {
      if (this.#bytes <= this.maxBytes) break;
      if (old === keep || this.#pinned.has(old)) continue;
      this.#shards.delete(old);
      this.#bytes -= held.bytes;
    }
  }
}

/** The bytes of a stored value: gzip-compressed (it starts 1f 8b) or as they are. */
export async function gunzipped(stored: ArrayBuffer): Promise<Uint8Array> {
  const head = new Uint8Array(stored, 0, Math.min(2, stored.byteLength));
  if (!(head[0] === 0x1f && head[1] === 0x8b)) return new Uint8Array(stored);
  const stream = new Blob([stored]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The bytes a value stored as base64 text stands for (`blockstats snapshot --split` writes its
 * gzip shards so, starting `H4sI`: `wrangler kv bulk put --local` stores a base64 value decoded
 * as UTF-8 text, which breaks binary, so the bulk files carry text); other values as they are.
 */
function fromBase64Text(stored: ArrayBuffer): ArrayBuffer {
  const head = new Uint8Array(stored, 0, Math.min(4, stored.byteLength));
  if (String.fromCharCode(...head) !== 'H4sI') return stored;
  const text = atob(new TextDecoder().decode(stored));
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes.buffer;
}

/** A player block's advancement rows (views on its `advancements` column), or null for another shard. */
function playerRows(content: ShardContent): Float64Array[] | null {
  const offsets = content.columns.advancement_offsets;
  const flat = content.columns.advancements;
  if (offsets === undefined || !(flat instanceof Float64Array)) return null;
  const rows: Float64Array[] = [];
  for (let i = 0; i + 1 < offsets.length; i++) rows.push(flat.subarray(offsets[i]!, offsets[i + 1]!));
  return rows;
}
