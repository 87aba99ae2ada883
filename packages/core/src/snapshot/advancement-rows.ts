// The advancement table's rows: each player's part of it (compact entries, see
// `AdvancementRow`, completed first, newest first), computed once per table and advancements file (see buildAdvancements).
import type { ByteBlocks } from '../save/byte-blocks.js';
import { sharedStrings, type PackedAdvancements } from '../save/packed.js';
import { AdvancementsReader } from '../save/packed-layouts.js';
import type { AdvancementProgress } from '../save/types.js';
import type { AdvancementDefinition } from '../catalogue/types.js';
import { namespacedAdvancementId } from '../catalogue/advancement-catalogue.js';
import { stableNumbers } from './content-hash.js';
import { requirementProgress } from './requirement-progress.js';
import { PLAYER_ADVANCEMENT_STRIDE, type SnapshotAdvancement } from './types.js';
import { advancementEntries, type AdvancementEntries } from './advancement-row.js';

/** One player's part of the advancement table, for a given table. */
export interface PlayerRow {
  /** Entries, completed first, newest first (shared between snapshots: never modified). */
  flat: AdvancementEntries;
  /** Completed vanilla advancements. */
  vanillaDone: number;
}

/**
 * Rows per table (data versions and advancement ids), weakly keyed by the players' entries; a few
 * tables at most, the least recently used dropped first. A network builds a table for itself and
 * one per server (their data versions differ when their game versions do): six at five servers,
 * each found again at the next pull.
 */
const rowsByTable = new Map<string, WeakMap<object, PlayerRow>>();
const MAX_TABLES = 12;

export function rowsFor(table: string): WeakMap<object, PlayerRow> {
  let rows = rowsByTable.get(table);
  if (rows !== undefined) rowsByTable.delete(table);
  else {
    rows = new WeakMap();
    if (rowsByTable.size >= MAX_TABLES) rowsByTable.delete(rowsByTable.keys().next().value as string);
  }
  rowsByTable.set(table, rows);
  return rows;
}

/** Namespaced advancement ids by string number (a packed file holds ids as written). */
const namespaced: string[] = [];

export function namespacedId(stringId: number): string {
  return (namespaced[stringId] ??= namespacedAdvancementId(sharedStrings.at(stringId)));
}

/**
 * A table's advancements as the packed rows need them: advancement index by string number of
 * the id as written, and each vanilla advancement's requirement groups by criterion string number.
 */
export interface TablePlan {
  /** String number → advancement index; -1 for an id not in the table, -2 not yet looked up. */
  index: number[];
  indexOf: ReadonlyMap<string, number>;
  /** Per advancement index: criterion string number → its requirement groups; null for a datapack advancement. */
  groups: Array<Map<number, number[]> | null>;
  /** Per advancement index: groups needed (-1 for a datapack advancement). */
  required: Int32Array;
}

export function tablePlan(
  advancements: readonly SnapshotAdvancement[],
  indexOf: ReadonlyMap<string, number>,
  definitions: ReadonlyMap<string, AdvancementDefinition>,
): TablePlan {
  const required = new Int32Array(advancements.length);
  const groups = advancements.map((advancement, i): Map<number, number[]> | null => {
    const def = definitions.get(advancement.id);
    if (!def) {
      required[i] = -1;
      return null;
    }
    // As requirementProgress: without requirement groups, each criterion is a group.
    const list = def.requirements.length > 0 ? def.requirements : def.criteria.map((name) => [name]);
    required[i] = list.length;
    const byName = new Map<number, number[]>();
    list.forEach((group, g) => {
      for (const name of group) {
        const id = sharedStrings.id(name);
        const into = byName.get(id) ?? [];
        if (!into.includes(g)) into.push(g);
        byName.set(id, into);
      }
    });
    return byName;
  });
  return { index: [], indexOf, groups, required };
}

/** Sort keys of a row: done first, newest first (unknown last), advancement order: see `packedRow`. */
const ROW_INDEX_SPAN = 2 ** 16;
const ROW_TIME_SPAN = 2 ** 32;

/**
 * Scratch space of `packedRow`, reused from row to row (a row's only allocation is its result):
 * entries as stride-5 numbers, their sort keys, and per advancement index / requirement group
 * the last row or entry that marked it.
 */
const scratch: {
  rows: Float64Array;
  sorted: Float64Array;
  keys: Float64Array;
  positionOf: Int32Array;
  rowStamp: Int32Array;
  groupStamp: Int32Array;
  stamp: number;
} = {
  rows: new Float64Array(0),
  sorted: new Float64Array(0),
  keys: new Float64Array(0),
  positionOf: new Int32Array(0),
  rowStamp: new Int32Array(0),
  groupStamp: new Int32Array(0),
  stamp: 0,
};

/** `array` when it holds `size` numbers, else a new one that does (contents not kept). */
function floats(array: Float64Array, size: number): Float64Array {
  return array.length >= size ? array : new Float64Array(Math.max(size, array.length * 2, 64));
}

function ints(array: Int32Array, size: number): Int32Array {
  return array.length >= size ? array : new Int32Array(Math.max(size, array.length * 2, 64));
}

/**
 * A row's first stamp, with room for `entries` more. Stamps restart (and the marks are
 * cleared) long before they would leave the int32 range of the mark arrays.
 */
function rowStampFor(entries: number): number {
  if (scratch.stamp + entries + 1 >= 2 ** 30) {
    scratch.stamp = 0;
    scratch.rowStamp.fill(0);
    scratch.groupStamp.fill(0);
  }
  return ++scratch.stamp;
}

/**
 * `playerRow` of a packed advancements file, read in place: no entry objects, and the row's
 * order from one numeric sort of keys (done, then time in seconds newest first, then
 * advancement index) where they fit, else a comparator. Same row as `playerRow` of the
 * unpacked entries (tested).
 */
export function packedRow(packed: PackedAdvancements, plan: TablePlan, blocks?: ByteBlocks): PlayerRow {
  const reader = new AdvancementsReader(packed.data);
  const tableSize = plan.required.length;
  // One row entry for each entry of the file.
  scratch.rows = floats(scratch.rows, packed.count * PLAYER_ADVANCEMENT_STRIDE);
  scratch.rowStamp = ints(scratch.rowStamp, tableSize);
  scratch.positionOf = ints(scratch.positionOf, tableSize);
  const rowId = rowStampFor(packed.count);
  const { rows, rowStamp, positionOf } = scratch;
  let n = 0;
  let duplicate = false;
  let vanillaDone = 0;
  while (reader.entry()) {
    const idNumber = reader.id;
    const done = reader.done ? 1 : 0;
    const doneAt = reader.doneAt;
    const count = reader.criteria;
    let index = plan.index[idNumber];
    if (index === undefined || index === -2) index = plan.index[idNumber] = plan.indexOf.get(namespacedId(idNumber)) ?? -1;
    if (index < 0) {
      reader.skipCriteria();
      continue; // a recipe
    }
    const byName = plan.groups[index]!;
    let obtained = byName === null ? count : 0;
    let latestAt = -1;
    if (byName !== null) scratch.groupStamp = ints(scratch.groupStamp, plan.required[index]!);
    const entryId = ++scratch.stamp;
    for (let c = count; c > 0; c--) {
      reader.criterion();
      const at = reader.time;
      if (Number.isFinite(at) && at > latestAt) latestAt = at;
      const hits = byName === null ? undefined : byName.get(reader.name);
      if (hits !== undefined) {
        for (const g of hits) {
          if (scratch.groupStamp[g] !== entryId) {
            scratch.groupStamp[g] = entryId;
            obtained++;
          }
        }
      }
    }
    const at = done ? (Number.isNaN(doneAt) ? -1 : doneAt) : latestAt;
    const r = n * PLAYER_ADVANCEMENT_STRIDE;
    rows[r] = index;
    rows[r + 1] = done;
    rows[r + 2] = at;
    rows[r + 3] = obtained;
    rows[r + 4] = plan.required[index]!;
    if (rowStamp[index] === rowId) duplicate = true;
    rowStamp[index] = rowId;
    positionOf[index] = n;
    n++;
    if (done && byName !== null) vanillaDone++;
  }

  // Keys name their entry by advancement index: a file naming one advancement twice (as
  // `story/root` and `minecraft:story/root`) is sorted by the comparator instead.
  scratch.keys = floats(scratch.keys, n);
  const keys = scratch.keys.subarray(0, n);
  let packable = !duplicate;
  for (let i = 0; i < n && packable; i++) {
    const index = rows[i * PLAYER_ADVANCEMENT_STRIDE]!;
    const at = rows[i * PLAYER_ADVANCEMENT_STRIDE + 2]!;
    const seconds = at / 1000;
    // Newest first, unknown (-1) after every time: the larger the time, the smaller the key.
    const time = at === -1 ? ROW_TIME_SPAN - 1 : ROW_TIME_SPAN - 2 - seconds;
    if (index >= ROW_INDEX_SPAN || (at !== -1 && !(Number.isInteger(seconds) && seconds >= 0 && seconds < ROW_TIME_SPAN - 2))) packable = false;
    else keys[i] = ((1 - rows[i * PLAYER_ADVANCEMENT_STRIDE + 1]!) * ROW_TIME_SPAN + time) * ROW_INDEX_SPAN + index;
  }
  const field = (i: number, k: number): number => rows[i * PLAYER_ADVANCEMENT_STRIDE + k]!;
  const entryAt = packable
    ? (keys.sort(), (i: number): number => positionOf[keys[i]! % ROW_INDEX_SPAN]!)
    : ((order) => (i: number): number => order[i]!)(
      Array.from({ length: n }, (_, i) => i).sort((a, b) => field(b, 1) - field(a, 1) || byTimeDesc(field(a, 2), field(b, 2)) || field(a, 0) - field(b, 0)),
    );
  scratch.sorted = floats(scratch.sorted, n * PLAYER_ADVANCEMENT_STRIDE);
  const sorted = scratch.sorted;
  for (let i = 0; i < n; i++) {
    const from = entryAt(i) * PLAYER_ADVANCEMENT_STRIDE;
    for (let k = 0; k < PLAYER_ADVANCEMENT_STRIDE; k++) sorted[i * PLAYER_ADVANCEMENT_STRIDE + k] = rows[from + k]!;
  }
  return { flat: stableNumbers(advancementEntries(sorted, n, blocks)), vanillaDone };
}

export function playerRow(
  entriesOf: readonly AdvancementProgress[],
  indexOf: ReadonlyMap<string, number>,
  definitions: ReadonlyMap<string, AdvancementDefinition>,
): PlayerRow {
  const entries: number[][] = [];
  let vanillaDone = 0;
  for (const entry of entriesOf) {
    const id = namespacedAdvancementId(entry.id);
    const index = indexOf.get(id);
    if (index === undefined) continue; // a recipe
    const def = definitions.get(id);
    const progress = def
      ? requirementProgress(def.requirements, entry.criteria, def.criteria)
      : { obtained: Object.keys(entry.criteria).length, required: -1 };
    const at = entry.done ? (entry.doneAt ?? -1) : latest(entry.criteria);
    entries.push([index, entry.done ? 1 : 0, at, progress.obtained, progress.required]);
    if (entry.done && def) vanillaDone++;
  }
  // Completed first, newest first; unknown times last; advancement order inside a tie.
  entries.sort((a, b) => b[1]! - a[1]! || byTimeDesc(a[2]!, b[2]!) || a[0]! - b[0]!);
  const flat = new Float64Array(entries.length * PLAYER_ADVANCEMENT_STRIDE);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    for (let k = 0; k < PLAYER_ADVANCEMENT_STRIDE; k++) flat[i * PLAYER_ADVANCEMENT_STRIDE + k] = e[k]!;
  }
  return { flat: stableNumbers(advancementEntries(flat, entries.length)), vanillaDone };
}

/** Latest criterion time, or -1 with none. */
function latest(criteria: Readonly<Record<string, number>>): number {
  let max = -1;
  for (const key in criteria) {
    const t = criteria[key]!;
    if (Number.isFinite(t) && t > max) max = t;
  }
  return max;
}

/** Newest first, with -1 (unknown) after every known time. */
function byTimeDesc(a: number, b: number): number {
  if (a === b) return 0;
  if (a === -1) return 1;
  if (b === -1) return -1;
  return b - a;
}
