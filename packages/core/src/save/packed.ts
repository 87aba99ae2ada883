import type { ByteBlocks } from './byte-blocks.js';
import { fitsVarint } from './packed-bytes.js';
import { AdvancementsReader, AdvancementsWriter, fitsSeconds, StatsReader, StatsWriter } from './packed-layouts.js';
import type { AdvancementProgress, PlayerSave, RecipeSummary, StatCounters } from './types.js';

/**
 * Compact forms of the two big per-player summaries, for the parse cache of a long-running
 * server. Kept as parsed objects, a player's counters and advancement criteria take ~23 KB of
 * small heap objects (hash tables, boxed times); 10k players are ~240 MB that every major GC
 * walks. Packed, each file is one byte array whose strings are numbers in a `StringTable`:
 * ~1.3 KB a player (the layouts, in packed-layouts.ts: varints, ~3.5 bytes a counter; 3.3 KB
 * as 32-bit numbers before), a single object for the GC. `readSave` hands out `PlayerSave`s whose
 * `stats` and `advancements` unpack on first use; the snapshot builder reads the packed form
 * directly.
 */

/** Numbers for strings: stat types and keys, advancement ids, criterion names. */
export class StringTable {
  readonly strings: string[] = [];
  private readonly ids = new Map<string, number>();

  /** The number of `s`, adding it when new. */
  id(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(s);
      this.ids.set(s, id);
    }
    return id;
  }

  /** The string numbered `id`. */
  at(id: number): string {
    const s = this.strings[id];
    if (s === undefined) throw new RangeError(`no string numbered ${id}`);
    return s;
  }

  get size(): number {
    return this.strings.length;
  }
}

/**
 * The table of this thread's packed summaries. It only grows (by the distinct keys, ids and
 * criterion names a server's files use: a few thousand), so numbers stay valid for good.
 */
export const sharedStrings = new StringTable();

/** One stats file, packed (see the layouts above). */
export interface PackedStats {
  /** The stats layout (see packed-layouts.ts). */
  readonly data: Uint8Array;
  /** `DataVersion`, or null. */
  readonly dataVersion: number | null;
  /** True for the pre-1.13 flat format. */
  readonly legacy: boolean;
}

/** One advancements file, packed (see the layouts above). */
export interface PackedAdvancements {
  /** The advancements layout (see packed-layouts.ts). */
  readonly data: Uint8Array;
  /** Non-recipe entries. */
  readonly count: number;
  readonly dataVersion: number | null;
  readonly recipes: RecipeSummary;
  /** Entries or criterion times that could not be read. */
  readonly skipped: number;
  /** Oldest criterion time of the non-recipe entries (epoch ms), or null. */
  readonly earliest: number | null;
}

const statsWriter = new StatsWriter();
const advancementsWriter = new AdvancementsWriter();
/** Packs a stats file's counters. */
export function packStats(
  summary: { stats: StatCounters; dataVersion: number | null; legacy: boolean },
  strings: StringTable = sharedStrings,
): PackedStats {
  const types = Object.keys(summary.stats);
  let floats = false;
  for (const type of types) {
    const counters = summary.stats[type]!;
    for (const key of Object.keys(counters)) {
      if (!fitsVarint(counters[key]!)) {
        floats = true;
        break;
      }
    }
    if (floats) break;
  }
  statsWriter.begin(floats, types.length);
  for (const type of types) {
    const counters = summary.stats[type]!;
    const keys = Object.keys(counters);
    statsWriter.type(strings.id(type), keys.length);
    for (const key of keys) statsWriter.counter(strings.id(key), counters[key]!);
  }
  return { data: statsWriter.finish(), dataVersion: summary.dataVersion, legacy: summary.legacy };
}

/**
 * A stats file's counters as lists of string numbers (see `scanStatsFile`): each type's number
 * and count of keys, then every key's number and value, types in order.
 */
export interface StatLists {
  typeIds: number[];
  keyCounts: number[];
  keyIds: number[];
  values: number[];
}

/** Packs a stats file given as lists (the same bytes as `packStats` of the same counters). */
export function packStatLists(lists: StatLists, dataVersion: number | null): PackedStats {
  const { typeIds, keyCounts, keyIds, values } = lists;
  let floats = false;
  for (let k = 0; k < values.length && !floats; k++) floats = !fitsVarint(values[k]!);
  statsWriter.begin(floats, typeIds.length);
  let k = 0;
  for (let t = 0; t < typeIds.length; t++) {
    const keys = keyCounts[t]!;
    statsWriter.type(typeIds[t]!, keys);
    for (const end = k + keys; k < end; k++) statsWriter.counter(keyIds[k]!, values[k]!);
  }
  return { data: statsWriter.finish(), dataVersion, legacy: false };
}

/** Packs an advancements file's non-recipe entries. */
export function packAdvancements(
  summary: { advancements: readonly AdvancementProgress[]; dataVersion: number | null; recipes: RecipeSummary; skipped: number },
  strings: StringTable = sharedStrings,
): PackedAdvancements {
  let seconds = true;
  let earliest = Infinity;
  for (const entry of summary.advancements) {
    if (entry.doneAt !== null && !fitsSeconds(entry.doneAt)) seconds = false;
    for (const name of Object.keys(entry.criteria)) {
      const at = entry.criteria[name]!;
      if (!fitsSeconds(at)) seconds = false;
      if (at < earliest) earliest = at;
    }
  }
  advancementsWriter.begin(seconds);
  for (const entry of summary.advancements) {
    const names = Object.keys(entry.criteria);
    advancementsWriter.entry(strings.id(entry.id), entry.done, entry.doneAt, names.length);
    for (const name of names) advancementsWriter.criterion(strings.id(name), entry.criteria[name]!);
  }
  return {
    data: advancementsWriter.finish(),
    count: summary.advancements.length,
    dataVersion: summary.dataVersion,
    recipes: summary.recipes,
    skipped: summary.skipped,
    earliest: Number.isFinite(earliest) ? earliest : null,
  };
}

/** Sets an own property, also for the key `__proto__` (which plain assignment would not create). */
function setOwn<T>(object: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/** The counters of a packed stats file, as `StatCounters`. */
export function unpackStats(packed: PackedStats, strings: StringTable = sharedStrings): StatCounters {
  const r = new StatsReader(packed.data);
  const stats: StatCounters = {};
  for (let t = r.uint(); t > 0; t--) {
    const counters: Record<string, number> = {};
    setOwn(stats, strings.at(r.uint()), counters);
    for (let k = r.uint(); k > 0; k--) {
      const key = strings.at(r.uint());
      setOwn(counters, key, r.value());
    }
  }
  return stats;
}

/** The entries of a packed advancements file, as `AdvancementProgress` objects in file order. */
export function unpackAdvancements(packed: PackedAdvancements, strings: StringTable = sharedStrings): AdvancementProgress[] {
  const r = new AdvancementsReader(packed.data);
  const out: AdvancementProgress[] = [];
  while (r.entry()) {
    const { done, doneAt } = r;
    const id = strings.at(r.id);
    const criteria: Record<string, number> = {};
    for (let c = r.criteria; c > 0; c--) {
      r.criterion();
      setOwn(criteria, strings.at(r.name), r.time);
    }
    out.push({ id, done, criteria, doneAt: Number.isNaN(doneAt) ? null : doneAt });
  }
  return out;
}

/**
 * A stats layout packed against another thread's table, renumbered into ours (`map[theirs]`
 * is ours): a new array (the numbers' sizes change with them), or a view of one of `blocks`.
 */
export function remapStats(data: PackedStats['data'], map: ArrayLike<number>, blocks?: ByteBlocks): Uint8Array {
  const r = new StatsReader(data);
  const types = r.uint();
  statsWriter.begin(r.floats, types);
  for (let t = types; t > 0; t--) {
    const type = map[r.uint()]!;
    const keys = r.uint();
    statsWriter.type(type, keys);
    for (let k = keys; k > 0; k--) {
      const key = map[r.uint()]!;
      statsWriter.counter(key, r.value());
    }
  }
  return statsWriter.finish(blocks);
}

/** An advancements layout packed against another thread's table, renumbered into ours: a new array, or a view of one of `blocks`. */
export function remapAdvancements(data: PackedAdvancements['data'], map: ArrayLike<number>, blocks?: ByteBlocks): Uint8Array {
  const r = new AdvancementsReader(data);
  advancementsWriter.begin(r.seconds);
  while (r.entry()) {
    advancementsWriter.entry(map[r.id]!, r.done, Number.isNaN(r.doneAt) ? null : r.doneAt, r.criteria);
    for (let c = r.criteria; c > 0; c--) {
      r.criterion();
      advancementsWriter.criterion(map[r.name]!, r.time);
    }
  }
  return advancementsWriter.finish(blocks);
}

/** Where `readSave` keeps a player's packed summaries (not enumerable: invisible to JSON and spreads). */
const PACKED: unique symbol = Symbol('blockstats.packed');

/** A player's packed summaries, as `readSave` read them. */
export interface PackedParts {
  stats: PackedStats | null;
  advancements: PackedAdvancements | null;
}

/** What a packed player holds under `PACKED`: its summaries, and each part once unpacked. */
interface PackedState {
  parts: PackedParts;
  stats: StatCounters | undefined;
  advancements: AdvancementProgress[] | undefined;
}

type PackedPlayer = PlayerSave & { [PACKED]: PackedState };

/**
 * The two accessors, one function each for every player: V8 then gives every packed player one
 * hidden class with fast properties. A getter made per player (a closure) turns each player into
 * a dictionary, and every property read of it into a hash lookup (~5 ms of a 10,000-player
 * rebuild went to reading the packed summaries alone).
 */
const ACCESSORS = {
  stats: {
    enumerable: true,
    configurable: true,
    get(this: PackedPlayer): StatCounters {
      const state = this[PACKED];
      return (state.stats ??= deepFreeze(state.parts.stats ? unpackStats(state.parts.stats) : {}));
    },
  },
  advancements: {
    enumerable: true,
    configurable: true,
    get(this: PackedPlayer): AdvancementProgress[] {
      const state = this[PACKED];
      return (state.advancements ??= deepFreeze(state.parts.advancements ? unpackAdvancements(state.parts.advancements) : []));
    },
  },
} as const satisfies Record<'stats' | 'advancements', PropertyDescriptor>;

/**
 * A copy of `player` whose `stats` and `advancements` unpack from the packed summaries on first
 * use (then frozen and kept by that player object), remembering the packed summaries for
 * `packedPartsOf`. The fields keep `player`'s order (its `stats` and `advancements` are
 * placeholders), and are added one by one so that every packed player shares V8's hidden class.
 */
export function attachPacked(player: PlayerSave, parts: PackedParts): PlayerSave {
  const packed: Record<string, unknown> = {};
  for (const key of Object.keys(player)) {
    if (key === 'stats' || key === 'advancements') Object.defineProperty(packed, key, ACCESSORS[key]);
    else packed[key] = (player as unknown as Record<string, unknown>)[key];
  }
  const state: PackedState = { parts, stats: undefined, advancements: undefined };
  Object.defineProperty(packed, PACKED, { value: state, enumerable: false });
  return packed as unknown as PlayerSave;
}

/** The packed summaries behind a player `readSave` gave, or undefined for any other object. */
export function packedPartsOf(player: PlayerSave): PackedParts | undefined {
  return (player as Partial<PackedPlayer>)[PACKED]?.parts;
}

/**
 * Deep-freezes what the reader shares through its cache (summaries, unpacked counters and
 * entries), all but the numbers inside typed arrays (which cannot be frozen).
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}
