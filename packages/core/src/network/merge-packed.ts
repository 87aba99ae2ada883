import { namespacedAdvancementId } from '../catalogue/advancement-catalogue.js';
import { sharedStrings, type PackedAdvancements, type PackedStats } from '../save/packed.js';
import type { RecipeSummary } from '../save/types.js';

/** A missing `doneAt` in the Uint32Array advancements layout (see packed.ts). */
const NO_TIME = 0xffffffff;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/**
 * The sightings' packed counters summed, without unpacking them: the same numbers as
 * `packStats` of `sumStats` over the unpacked sightings (a re-merge of a person seen on three
 * servers unpacked ~1,000 counters each into objects, then packed the sum: ~1-4 ms a person,
 * each pull, for every person who played on one of their servers). Null where the merge has no
 * stats reading (see `hasStatsReading`). `parts` hold the sightings' packed stats (null: none read).
 */
export function mergePackedStats(parts: readonly (PackedStats | null)[], dataVersion: number | null, legacy: boolean): PackedStats | null {
  const types = new Map<number, Map<number, number>>();
  for (const part of parts) {
    if (part === null) continue;
    const { data } = part;
    let o = 1;
    for (let t = data[0]!; t > 0; t--) {
      const type = data[o++]!;
      let sums = types.get(type);
      if (sums === undefined) types.set(type, (sums = new Map()));
      for (let k = data[o++]!; k > 0; k--) {
        const key = data[o++]!;
        sums.set(key, (sums.get(key) ?? 0) + data[o++]!);
      }
    }
  }
  if (dataVersion === null && !legacy && types.size === 0) return null;
  const order = propertyOrder([...types.keys()]);
  let size = 1;
  let int32 = true;
  for (const sums of types.values()) {
    size += 2 + 2 * sums.size;
    if (int32) for (const value of sums.values()) if (!fitsInt32(value)) int32 = false;
  }
  const data = int32 ? new Int32Array(size) : new Float64Array(size);
  let o = 0;
  data[o++] = order.length;
  for (const type of order) {
    const sums = types.get(type)!;
    data[o++] = type;
    data[o++] = sums.size;
    for (const key of propertyOrder([...sums.keys()])) {
      data[o++] = key;
      data[o++] = sums.get(key)!;
    }
  }
  return { data, dataVersion, legacy };
}

/** One advancement as merged: criterion times in epoch ms by name number. */
interface MergedEntry {
  done: boolean;
  doneAt: number | null;
  criteria: Map<number, number>;
}

/**
 * The sightings' packed advancement entries unioned, without unpacking them: the same layout as
 * `packAdvancements` of `unionAdvancements` over the unpacked sightings (by namespaced id in the
 * order first met, each criterion at its earliest time, done when done anywhere, completed at
 * the earliest completion), with `recipes` and `dataVersion` the merge's and nothing skipped.
 */
export function mergePackedAdvancements(parts: readonly (PackedAdvancements | null)[], dataVersion: number | null, recipes: RecipeSummary): PackedAdvancements {
  const byId = new Map<number, MergedEntry>();
  for (const part of parts) if (part !== null) unionInto(byId, part.data);
  let size = 0;
  let seconds = true;
  let earliest = Infinity;
  for (const entry of byId.values()) {
    size += 4 + 2 * entry.criteria.size;
    if (entry.doneAt !== null && !fitsSeconds(entry.doneAt)) seconds = false;
    for (const at of entry.criteria.values()) {
      if (!fitsSeconds(at)) seconds = false;
      if (at < earliest) earliest = at;
    }
  }
  const data = seconds ? new Uint32Array(size) : new Float64Array(size);
  const scale = seconds ? 1000 : 1;
  let o = 0;
  for (const [id, entry] of byId) {
    data[o++] = id;
    data[o++] = entry.done ? 1 : 0;
    data[o++] = entry.doneAt === null ? (seconds ? NO_TIME : Number.NaN) : entry.doneAt / scale;
    data[o++] = entry.criteria.size;
    for (const name of propertyOrder([...entry.criteria.keys()])) {
      data[o++] = name;
      data[o++] = entry.criteria.get(name)! / scale;
    }
  }
  return { data, count: byId.size, dataVersion, recipes, skipped: 0, earliest: Number.isFinite(earliest) ? earliest : null };
}

/** Adds one sighting's packed entries to the union (see `unpackAdvancements` for how they read). */
function unionInto(byId: Map<number, MergedEntry>, data: PackedAdvancements['data']): void {
  const seconds = data instanceof Uint32Array;
  const scale = seconds ? 1000 : 1;
  let o = 0;
  while (o < data.length) {
    const id = namespacedId(data[o++]!);
    const done = data[o++] === 1;
    const rawDoneAt = data[o++]!;
    const doneAt = (seconds ? rawDoneAt === NO_TIME : Number.isNaN(rawDoneAt)) ? null : rawDoneAt * scale;
    let merged = byId.get(id);
    if (merged === undefined) byId.set(id, (merged = { done: false, doneAt: null, criteria: new Map() }));
    for (let c = data[o++]!; c > 0; c--) {
      const name = data[o++]!;
      const at = data[o++]! * scale;
      const known = merged.criteria.get(name);
      if (known === undefined || at < known) merged.criteria.set(name, at);
    }
    if (done) {
      merged.done = true;
      if (doneAt !== null && (merged.doneAt === null || doneAt < merged.doneAt)) merged.doneAt = doneAt;
    }
  }
}

/** The number of each advancement id's namespaced form, by the id's number. */
const namespaced: number[] = [];

function namespacedId(id: number): number {
  let out = namespaced[id];
  if (out === undefined) namespaced[id] = out = sharedStrings.id(namespacedAdvancementId(sharedStrings.at(id)));
  return out;
}

/** Whether each string number's string is an array index (see `propertyOrder`), by number. */
const arrayIndex: boolean[] = [];

/**
 * String numbers in the order a plain object's keys come out when set in `ids`' order (what the
 * unpacked merge then packs): array indexes ("0", "17") first, ascending, then the rest as set.
 */
function propertyOrder(ids: number[]): number[] {
  let indexes: number[] | null = null;
  for (const id of ids) {
    let index = arrayIndex[id];
    if (index === undefined) arrayIndex[id] = index = isArrayIndex(sharedStrings.at(id));
    if (index) (indexes ??= []).push(id);
  }
  if (indexes === null) return ids;
  indexes.sort((a, b) => Number(sharedStrings.at(a)) - Number(sharedStrings.at(b)));
  return [...indexes, ...ids.filter((id) => !arrayIndex[id])];
}

/** A canonical array index: "0" or digits without a leading zero, below 2³² − 1. */
function isArrayIndex(s: string): boolean {
  return /^(?:0|[1-9][0-9]*)$/.test(s) && Number(s) < 2 ** 32 - 1;
}

function fitsInt32(value: number): boolean {
  return Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX && !Object.is(value, -0);
}

/** True when `ms` is whole seconds that a Uint32 holds (1970 to 2105), `NO_TIME` excepted. */
function fitsSeconds(ms: number): boolean {
  return ms % 1000 === 0 && ms >= 0 && ms / 1000 < NO_TIME;
}
