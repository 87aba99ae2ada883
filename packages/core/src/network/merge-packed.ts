import { namespacedAdvancementId } from '../catalogue/advancement-catalogue.js';
import { sharedStrings, type PackedAdvancements, type PackedStats } from '../save/packed.js';
import { fitsVarint } from '../save/packed-bytes.js';
import { AdvancementsReader, AdvancementsWriter, fitsSeconds, StatsReader, StatsWriter } from '../save/packed-layouts.js';
import type { RecipeSummary } from '../save/types.js';

const statsWriter = new StatsWriter();
const advancementsWriter = new AdvancementsWriter();

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
    const r = new StatsReader(part.data);
    for (let t = r.uint(); t > 0; t--) {
      const type = r.uint();
      let sums = types.get(type);
      if (sums === undefined) types.set(type, (sums = new Map()));
      for (let k = r.uint(); k > 0; k--) {
        const key = r.uint();
        sums.set(key, (sums.get(key) ?? 0) + r.value());
      }
    }
  }
  if (dataVersion === null && !legacy && types.size === 0) return null;
  const order = propertyOrder([...types.keys()]);
  let floats = false;
  for (const sums of types.values()) {
    if (!floats) for (const value of sums.values()) if (!fitsVarint(value)) floats = true;
  }
  statsWriter.begin(floats, order.length);
  for (const type of order) {
    const sums = types.get(type)!;
    statsWriter.type(type, sums.size);
    for (const key of propertyOrder([...sums.keys()])) statsWriter.counter(key, sums.get(key)!);
  }
  return { data: statsWriter.finish(), dataVersion, legacy };
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
  let seconds = true;
  let earliest = Infinity;
  for (const entry of byId.values()) {
    if (entry.doneAt !== null && !fitsSeconds(entry.doneAt)) seconds = false;
    for (const at of entry.criteria.values()) {
      if (!fitsSeconds(at)) seconds = false;
      if (at < earliest) earliest = at;
    }
  }
  advancementsWriter.begin(seconds);
  for (const [id, entry] of byId) {
    advancementsWriter.entry(id, entry.done, entry.doneAt, entry.criteria.size);
    for (const name of propertyOrder([...entry.criteria.keys()])) advancementsWriter.criterion(name, entry.criteria.get(name)!);
  }
  return { data: advancementsWriter.finish(), count: byId.size, dataVersion, recipes, skipped: 0, earliest: Number.isFinite(earliest) ? earliest : null };
}

/** Adds one sighting's packed entries to the union (see `unpackAdvancements` for how they read). */
function unionInto(byId: Map<number, MergedEntry>, data: PackedAdvancements['data']): void {
  const r = new AdvancementsReader(data);
  while (r.entry()) {
    const id = namespacedId(r.id);
    const done = r.done;
    const doneAt = Number.isNaN(r.doneAt) ? null : r.doneAt;
    let merged = byId.get(id);
    if (merged === undefined) byId.set(id, (merged = { done: false, doneAt: null, criteria: new Map() }));
    for (let c = r.criteria; c > 0; c--) {
      r.criterion();
      const name = r.name;
      const at = r.time;
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
