import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { statCatalogue } from '../catalogue/stat-catalogue.js';
import { statTotal } from '../catalogue/stat-total.js';
import type { StatDefinition } from '../catalogue/types.js';
import { compileStatTotals } from './compile-stat-totals.js';

function run(defs: readonly StatDefinition[], counters: Record<string, Record<string, number>>): number[] {
  const out = new Float64Array(defs.length);
  compileStatTotals(defs)(counters, out);
  return [...out];
}

describe('compileStatTotals(defs)', () => {
  it('agrees with statTotal on every catalogue stat', () => {
    // Every key any catalogue source names, plus unlisted ones that only allKeys sums pick up.
    const counters: Record<string, Record<string, number>> = {};
    let n = 1;
    for (const def of statCatalogue) {
      for (const source of def.sources) {
        const group = (counters[source.type] ??= { 'minecraft:unlisted': 7 });
        for (const key of source.keys ?? []) group[key] = n++;
      }
    }
    assert.deepStrictEqual(run(statCatalogue, counters), statCatalogue.map((def) => statTotal(def, counters)));
  });

  it('counts a key once when listed twice or also covered by allKeys, and ignores non-finite values', () => {
    const defs: StatDefinition[] = [
      { id: 'twice', title: '', description: null, unit: 'int', category: '', sources: [
        { type: 't', keys: ['a', 'a'] }, { type: 't', keys: ['a'] },
      ] },
      { id: 'covered', title: '', description: null, unit: 'int', category: '', sources: [
        { type: 't', keys: ['a'] }, { type: 't', allKeys: true }, { type: 'u', keys: ['x'] },
      ] },
      { id: 'missing', title: '', description: null, unit: 'int', category: '', sources: [{ type: 'none', allKeys: true }] },
    ];
    const counters = { t: { a: 2, b: 3, bad: Number.NaN }, u: { x: 10 } };
    assert.deepStrictEqual(run(defs, counters), [2, 15, 0]);
    assert.deepStrictEqual(run(defs, counters), defs.map((d) => statTotal(d, counters)));
  });

  it('starts afresh for each player', () => {
    const defs: StatDefinition[] = [{ id: 'all', title: '', description: null, unit: 'int', category: '', sources: [{ type: 't', allKeys: true }] }];
    const totals = compileStatTotals(defs);
    const out = new Float64Array(1);
    totals({ t: { a: 5 } }, out);
    totals({}, out);
    assert.equal(out[0], 0);
  });
});
