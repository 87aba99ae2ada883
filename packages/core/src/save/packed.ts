import type { AdvancementProgress, PlayerSave, RecipeSummary, StatCounters } from './types.js';

/**
 * Compact forms of the two big per-player summaries, for the parse cache of a long-running
 * server. Kept as parsed objects, a player's counters and advancement criteria take ~23 KB of
 * small heap objects (hash tables, boxed times); 10k players are ~240 MB that every major GC
 * walks. Packed, each file is one typed array whose strings are numbers in a `StringTable`:
 * ~3 KB a player, a single object for the GC. `readSave` hands out `PlayerSave`s whose `stats`
 * and `advancements` unpack on first use; the snapshot builder reads the packed form directly.
 *
 * Layouts (every number in one typed array):
 * - stats: `typeCount, (typeId, keyCount, (keyId, value) × keyCount) × typeCount`, in an
 *   Int32Array when every counter is a 32-bit integer (the game writes Java ints, so nearly
 *   always), else in a Float64Array.
 * - advancements: `(idId, done 0|1, doneAt, criterionCount, (nameId, time) × criterionCount) × count`.
 *   In a Uint32Array, times are whole seconds since 1970 (the game writes times to the second)
 *   and a missing `doneAt` is `NO_TIME`; in the Float64Array used when any time does not fit
 *   that (before 1970, after 2105, or not whole seconds), times are epoch ms and a missing
 *   `doneAt` is NaN.
 */

/** The numbers of a packed file: 32-bit when they fit, else 64-bit floats (see the layouts). */
export type PackedNumbers = Int32Array | Uint32Array | Float64Array;

/** A missing `doneAt` in the Uint32Array advancements layout. */
const NO_TIME = 0xffffffff;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

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
  readonly data: Int32Array | Float64Array;
  /** `DataVersion`, or null. */
  readonly dataVersion: number | null;
  /** True for the pre-1.13 flat format. */
  readonly legacy: boolean;
}

/** One advancements file, packed (see the layouts above). */
export interface PackedAdvancements {
  readonly data: Uint32Array | Float64Array;
  /** Non-recipe entries. */
  readonly count: number;
  readonly dataVersion: number | null;
  readonly recipes: RecipeSummary;
  /** Entries or criterion times that could not be read. */
  readonly skipped: number;
  /** Oldest criterion time of the non-recipe entries (epoch ms), or null. */
  readonly earliest: number | null;
}

/** Packs a stats file's counters. */
export function packStats(
  summary: { stats: StatCounters; dataVersion: number | null; legacy: boolean },
  strings: StringTable = sharedStrings,
): PackedStats {
  let size = 1;
  let int32 = true;
  const types = Object.keys(summary.stats);
  for (const type of types) {
    const counters = summary.stats[type]!;
    const keys = Object.keys(counters);
    size += 2 + 2 * keys.length;
    if (int32) {
      for (const key of keys) {
        const value = counters[key]!;
        if (!Number.isInteger(value) || value < INT32_MIN || value > INT32_MAX || Object.is(value, -0)) {
          int32 = false;
          break;
        }
      }
    }
  }
  const data = int32 ? new Int32Array(size) : new Float64Array(size);
  let o = 0;
  data[o++] = types.length;
  for (const type of types) {
    const counters = summary.stats[type]!;
    const keys = Object.keys(counters);
    data[o++] = strings.id(type);
    data[o++] = keys.length;
    for (const key of keys) {
      data[o++] = strings.id(key);
      data[o++] = counters[key]!;
    }
  }
  return { data, dataVersion: summary.dataVersion, legacy: summary.legacy };
}

/** True when `ms` is whole seconds that a Uint32 holds (1970 to 2105), `NO_TIME` excepted. */
function fitsSeconds(ms: number): boolean {
  return ms % 1000 === 0 && ms >= 0 && ms / 1000 < NO_TIME;
}

/** Packs an advancements file's non-recipe entries. */
export function packAdvancements(
  summary: { advancements: readonly AdvancementProgress[]; dataVersion: number | null; recipes: RecipeSummary; skipped: number },
  strings: StringTable = sharedStrings,
): PackedAdvancements {
  let size = 0;
  let seconds = true;
  let earliest = Infinity;
  for (const entry of summary.advancements) {
    const names = Object.keys(entry.criteria);
    size += 4 + 2 * names.length;
    if (entry.doneAt !== null && !fitsSeconds(entry.doneAt)) seconds = false;
    for (const name of names) {
      const at = entry.criteria[name]!;
      if (!fitsSeconds(at)) seconds = false;
      if (at < earliest) earliest = at;
    }
  }
  const data = seconds ? new Uint32Array(size) : new Float64Array(size);
  const scale = seconds ? 1000 : 1;
  const none = seconds ? NO_TIME : Number.NaN;
  let o = 0;
  for (const entry of summary.advancements) {
    const names = Object.keys(entry.criteria);
    data[o++] = strings.id(entry.id);
    data[o++] = entry.done ? 1 : 0;
    data[o++] = entry.doneAt === null ? none : entry.doneAt / scale;
    data[o++] = names.length;
    for (const name of names) {
      data[o++] = strings.id(name);
      data[o++] = entry.criteria[name]! / scale;
    }
  }
  return {
    data,
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
  const { data } = packed;
  const stats: StatCounters = {};
  let o = 1;
  for (let t = data[0]!; t > 0; t--) {
    const counters: Record<string, number> = {};
    setOwn(stats, strings.at(data[o++]!), counters);
    for (let k = data[o++]!; k > 0; k--) {
      setOwn(counters, strings.at(data[o++]!), data[o++]!);
    }
  }
  return stats;
}

/** The entries of a packed advancements file, as `AdvancementProgress` objects in file order. */
export function unpackAdvancements(packed: PackedAdvancements, strings: StringTable = sharedStrings): AdvancementProgress[] {
  const { data } = packed;
  const seconds = data instanceof Uint32Array;
  const scale = seconds ? 1000 : 1;
  const out: AdvancementProgress[] = [];
  let o = 0;
  while (o < data.length) {
    const id = strings.at(data[o++]!);
    const done = data[o++] === 1;
    const doneAt = data[o++]!;
    const criteria: Record<string, number> = {};
    for (let c = data[o++]!; c > 0; c--) setOwn(criteria, strings.at(data[o++]!), data[o++]! * scale);
    const missing = seconds ? doneAt === NO_TIME : Number.isNaN(doneAt);
    out.push({ id, done, criteria, doneAt: missing ? null : doneAt * scale });
  }
  return out;
}

/**
 * Renumbers a stats layout packed against another thread's table: `map[theirs]` is ours.
 * Works in place.
 */
export function remapStats(data: PackedStats['data'], map: ArrayLike<number>): void {
  let o = 1;
  for (let t = data[0]!; t > 0; t--) {
    data[o] = map[data[o]!]!;
    o++;
    const keys = data[o++]!;
    for (let k = 0; k < keys; k++, o += 2) data[o] = map[data[o]!]!;
  }
}

/** Renumbers an advancements layout packed against another thread's table, in place. */
export function remapAdvancements(data: PackedAdvancements['data'], map: ArrayLike<number>): void {
  let o = 0;
  while (o < data.length) {
    data[o] = map[data[o]!]!;
    o += 3;
    const criteria = data[o++]!;
    for (let c = 0; c < criteria; c++, o += 2) data[o] = map[data[o]!]!;
  }
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
