import type { StatCounters } from '../save/types.js';
import type { StatDefinition } from '../catalogue/types.js';

/** Writes every tracked statistic's value for one player's counters into `out`, in catalogue order. */
export type StatTotals = (counters: StatCounters, out: Float64Array) => void;

/** One definition, reduced to stat-type indexes: types summed whole, and distinct (type, key) pairs. */
interface Plan {
  wholeTypes: number[];
  pairTypes: number[];
  pairKeys: string[];
}

const finite = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? n : 0);

/**
 * Compiles stat definitions into one function computing all their values at once: the same
 * numbers as `statTotal` for each definition (a key listed twice, or also covered by `allKeys`
 * of its type, counts once; non-finite counters are ignored), but each stat type is looked up
 * once per player and summed whole at most once, shared by every definition that needs it.
 * With 217 stats and tens of thousands of players this is most of the build, hence the care.
 *
 * @example
 * const out = new Float64Array(statCatalogue.length);
 * compileStatTotals(statCatalogue)(player.stats, out);
 * out[0] === statTotal(statCatalogue[0], player.stats); // true
 */
export function compileStatTotals(defs: readonly StatDefinition[]): StatTotals {
  const types: string[] = [];
  const typeIndex = (type: string): number => {
    let i = types.indexOf(type);
    if (i === -1) i = types.push(type) - 1;
    return i;
  };
  const plans: Plan[] = defs.map((def) => {
    const whole = new Set(def.sources.filter((s) => s.allKeys).map((s) => s.type));
    const seen = new Set<string>();
    const plan: Plan = { wholeTypes: [...whole].map(typeIndex), pairTypes: [], pairKeys: [] };
    for (const source of def.sources) {
      if (whole.has(source.type)) continue;
      for (const key of source.keys ?? []) {
        const id = `${source.type}\u0000${key}`;
        if (seen.has(id)) continue;
        seen.add(id);
        plan.pairTypes.push(typeIndex(source.type));
        plan.pairKeys.push(key);
      }
    }
    return plan;
  });
  const groups = new Array<Record<string, number> | undefined>(types.length);
  const sums = new Float64Array(types.length);

  return (counters, out) => {
    for (let t = 0; t < types.length; t++) {
      const counts = Object.hasOwn(counters, types[t]!) ? counters[types[t]!] : undefined;
      groups[t] = counts !== null && typeof counts === 'object' ? counts : undefined;
      sums[t] = Number.NaN; // not summed yet
    }
    for (let s = 0; s < plans.length; s++) {
      const plan = plans[s]!;
      let total = 0;
      for (const t of plan.wholeTypes) {
        if (Number.isNaN(sums[t]!)) {
          let sum = 0;
          const counts = groups[t];
          if (counts) for (const key in counts) if (Object.hasOwn(counts, key)) sum += finite(counts[key]);
          sums[t] = sum;
        }
        total += sums[t]!;
      }
      for (let k = 0; k < plan.pairKeys.length; k++) {
        const counts = groups[plan.pairTypes[k]!];
        const key = plan.pairKeys[k]!;
        if (counts !== undefined && Object.hasOwn(counts, key)) total += finite(counts[key]);
      }
      out[s] = total;
    }
  };
}
