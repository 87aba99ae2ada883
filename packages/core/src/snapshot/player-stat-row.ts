import type { StatDefinition } from '../catalogue/types.js';
import { packedPartsOf, sharedStrings, type PackedStats } from '../save/packed.js';
import { StatsReader } from '../save/packed-layouts.js';
import type { PlayerSave } from '../save/types.js';
import { compileStatTotals } from './compile-stat-totals.js';

/** What one stat (type, key) pair adds to: the indexes of the definitions counting it. */
interface TypePlan {
  /** Definitions summing every key of the type. */
  whole: Int32Array;
  /** Per key string number: definitions listing that key (not already summing the whole type); filled on first use. */
  byKey: Array<Int32Array | undefined>;
  /** Definitions listing each key, by key. */
  listed: ReadonlyMap<string, Int32Array>;
}

/** A stat list compiled for both kinds of counters, with the rows already computed. */
interface Plan {
  /** The row function `statRows` returns for this plan, made once (see `statRows`). */
  rowOf?: (player: PlayerSave) => Float64Array;
  /** The function `statRowWriter` returns for this plan, made once. */
  writeRow?: (player: PlayerSave, out: Float64Array) => Float64Array;
  size: number;
  totalsOf: ReturnType<typeof compileStatTotals>;
  /** Rows of frozen plain counters and of packed summaries, held weakly by them. */
  rows: WeakMap<object, Float64Array>;
  /** By type string number; filled on first use. */
  types: Array<TypePlan | undefined>;
  whole: ReadonlyMap<string, number[]>;
  listed: ReadonlyMap<string, ReadonlyMap<string, number[]>>;
}

const NONE = new Int32Array(0);

/**
 * Per stat list (the catalogue, or an injected one), keyed by what the values depend on (the
 * sources, in order), so a list edited between builds never meets rows of its old self. A few
 * at most.
 */
const plans = new Map<string, Plan>();
const MAX_LISTS = 6;

function planFor(defs: readonly StatDefinition[]): Plan {
  const key = JSON.stringify(defs.map((def) => def.sources));
  let plan = plans.get(key);
  if (plan !== undefined) return plan;
  // The same counting rule as statTotal: per definition, a type with an `allKeys` source is
  // summed whole; otherwise each distinct listed key of it counts once.
  const whole = new Map<string, number[]>();
  const listed = new Map<string, Map<string, number[]>>();
  defs.forEach((def, s) => {
    const wholeTypes = new Set(def.sources.filter((source) => source.allKeys).map((source) => source.type));
    for (const type of wholeTypes) whole.set(type, [...(whole.get(type) ?? []), s]);
    for (const source of def.sources) {
      if (wholeTypes.has(source.type)) continue;
      const keys = listed.get(source.type) ?? new Map<string, number[]>();
      listed.set(source.type, keys);
      for (const k of source.keys ?? []) {
        const list = keys.get(k) ?? [];
        if (!list.includes(s)) list.push(s);
        keys.set(k, list);
      }
    }
  });
  plan = { size: defs.length, totalsOf: compileStatTotals(defs), rows: new WeakMap(), types: [], whole, listed };
  if (plans.size >= MAX_LISTS) plans.delete(plans.keys().next().value as string);
  plans.set(key, plan);
  return plan;
}

function typePlan(plan: Plan, typeId: number): TypePlan {
  let tp = plan.types[typeId];
  if (tp === undefined) {
    const type = sharedStrings.at(typeId);
    const listed = new Map<string, Int32Array>();
    for (const [k, list] of plan.listed.get(type) ?? []) listed.set(k, Int32Array.from(list));
    tp = { whole: Int32Array.from(plan.whole.get(type) ?? []), byKey: [], listed };
    plan.types[typeId] = tp;
  }
  return tp;
}

/** Sums a packed stats file into `out` (zeroed first). */
function packedTotals(plan: Plan, packed: PackedStats, out: Float64Array): void {
  const r = new StatsReader(packed.data);
  out.fill(0);
  for (let t = r.uint(); t > 0; t--) {
    const tp = typePlan(plan, r.uint());
    const { whole, byKey } = tp;
    for (let k = r.uint(); k > 0; k--) {
      const keyId = r.uint();
      const value = r.value();
      if (!Number.isFinite(value)) continue;
      for (let i = 0; i < whole.length; i++) out[whole[i]!]! += value;
      let adds = byKey[keyId];
      if (adds === undefined) adds = byKey[keyId] = tp.listed.get(sharedStrings.at(keyId)) ?? NONE;
      for (let i = 0; i < adds.length; i++) out[adds[i]!]! += value;
    }
  }
}

/**
 * A function giving one player's value of every statistic of `defs`, in list order
 * (`statTotal` of each). Compile it once per build and call it per player: the list's plan is
 * looked up here, once. Rows of players `readSave` read through a parse cache are kept while
 * their stats file is unchanged, so the next build (15 minutes later) reuses them; a row is
 * shared: do not modify it.
 *
 * @example
 * const rowOf = statRows(statCatalogue);
 * rowOf(player)[0] === statTotal(statCatalogue[0], player.stats); // true
 */
export function statRows(defs: readonly StatDefinition[]): (player: PlayerSave) => Float64Array {
  const plan = planFor(defs);
  // One function per plan, not one per call: V8 holds optimised code only weakly from what a
  // function literal shares between its closures, so a closure made anew at every build loses
  // it at the next full collection and the next pull starts unoptimised.
  plan.rowOf ??= (player) => rowOf(plan, player);
  return plan.rowOf;
}

/** `player`'s row of the plan's statistics (see `statRows`). */
function rowOf(plan: Plan, player: PlayerSave): Float64Array {
  const packed = packedPartsOf(player);
  if (packed !== undefined && packed.stats !== null) {
    let row = plan.rows.get(packed.stats);
    if (row === undefined) {
      row = new Float64Array(plan.size);
      packedTotals(plan, packed.stats, row);
      plan.rows.set(packed.stats, row);
    }
    return row;
  }
  const counters = player.stats;
  // Frozen counters stay the same object while the player's stats file is unchanged.
  const frozen = Object.isFrozen(counters);
  let row = frozen ? plan.rows.get(counters) : undefined;
  if (row === undefined) {
    row = new Float64Array(plan.size);
    plan.totalsOf(counters, row);
    if (frozen) plan.rows.set(counters, row);
  }
  return row;
}

/**
 * `statRows` without keeping the rows: a function writing one player's row of `defs` into `out`
 * (its `defs.length` numbers overwritten) and returning it. For callers that keep the values
 * elsewhere (the snapshot's columns, the stat history) and so need a row only once per
 * version of a player's stats file (see `statRowKey`): a kept row per player was a third copy
 * of every value (1.7 KB a player).
 *
 * @example
 * const row = statRowWriter(statCatalogue)(player, new Float64Array(statCatalogue.length));
 */
export function statRowWriter(defs: readonly StatDefinition[]): (player: PlayerSave, out: Float64Array) => Float64Array {
  const plan = planFor(defs);
  plan.writeRow ??= (player, out) => writeRow(plan, player, out);
  return plan.writeRow;
}

function writeRow(plan: Plan, player: PlayerSave, out: Float64Array): Float64Array {
  const packed = packedPartsOf(player);
  if (packed !== undefined && packed.stats !== null) {
    // A row `statRows` made already (another caller keeps them) is copied, not summed again.
    const kept = plan.rows.get(packed.stats);
    if (kept !== undefined) out.set(kept);
    else packedTotals(plan, packed.stats, out);
    return out;
  }
  const counters = player.stats;
  const kept = Object.isFrozen(counters) ? plan.rows.get(counters) : undefined;
  if (kept !== undefined) out.set(kept);
  else plan.totalsOf(counters, out);
  return out;
}

/**
 * What a player's statistics row is computed from, the same object while their stats file is
 * unchanged (the packed summary, or frozen counters): a row computed for one key stays right
 * while a later read gives the same key. Null when the counters may change under us (never
 * the same).
 *
 * @example
 * statRowKey(player) === statRowKey(playerOfTheNextRead); // true: the stats file is unchanged
 */
export function statRowKey(player: PlayerSave): object | null {
  const packed = packedPartsOf(player);
  if (packed !== undefined && packed.stats !== null) return packed.stats;
  const counters = player.stats;
  return Object.isFrozen(counters) ? counters : null;
}
