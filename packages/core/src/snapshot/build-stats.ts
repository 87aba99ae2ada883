import type { PlayerSave } from '../save/types.js';
import type { StatDefinition } from '../catalogue/types.js';
import { compileStatTotals } from './compile-stat-totals.js';
import type { SnapshotStat } from './types.js';

/** Compiled totals of a stat list, with the rows already computed for (frozen) counters. */
interface Rows {
  totalsOf: ReturnType<typeof compileStatTotals>;
  cache: WeakMap<object, Float64Array>;
}

/**
 * Per stat list (the catalogue, or an injected one), keyed by what the values depend on (the
 * sources, in order), so a list edited between builds never meets rows of its old self. A few at
 * most; rows are held weakly by their counters.
 */
const rowsBySources = new Map<string, Rows>();
const MAX_LISTS = 4;

function rowsFor(defs: readonly StatDefinition[]): Rows {
  const key = JSON.stringify(defs.map((def) => def.sources));
  let rows = rowsBySources.get(key);
  if (rows === undefined) {
    rows = { totalsOf: compileStatTotals(defs), cache: new WeakMap() };
    if (rowsBySources.size >= MAX_LISTS) rowsBySources.delete(rowsBySources.keys().next().value as string);
    rowsBySources.set(key, rows);
  }
  return rows;
}

/**
 * Every tracked statistic's values and leaderboard. Values are kept for every player (an
 * unranked player still sees their own numbers); the board holds ranked players with a value
 * above 0, best first, ties in name order, with competition ranks (DECISIONS 9-10). `nameRank[p]`
 * is player p's position in name order, so the sort compares numbers only.
 *
 * @example
 * buildStats([findStat('jump')!], players, [true, false], [0, 1])[0].board; // [0] when player 0 jumped
 */
export function buildStats(
  defs: readonly StatDefinition[],
  players: readonly PlayerSave[],
  ranked: readonly boolean[],
  nameRank: ArrayLike<number>,
): SnapshotStat[] {
  const n = players.length;
  const columns = defs.map(() => new Array<number>(n));
  const rows = rowsFor(defs);
  for (let p = 0; p < n; p++) {
    const counters = players[p]!.stats;
    let row = Object.isFrozen(counters) ? rows.cache.get(counters) : undefined;
    if (row === undefined) {
      row = new Float64Array(defs.length);
      rows.totalsOf(counters, row);
      // Frozen counters come from the reader's parse cache and stay the same object while the
      // player's stats file is unchanged: the next build (15 minutes later) reuses the row.
      if (Object.isFrozen(counters)) rows.cache.set(counters, row);
    }
    for (let s = 0; s < row.length; s++) columns[s]![p] = row[s]!;
  }
  return defs.map((def, s) => {
    const values = columns[s]!;
    const board: number[] = [];
    let total = 0;
    for (let p = 0; p < n; p++) {
      const v = values[p]!;
      if (ranked[p]) {
        total += v;
        if (v > 0) board.push(p);
      }
    }
    board.sort((a, b) => values[b]! - values[a]! || nameRank[a]! - nameRank[b]!);
    const ranks = new Array<number>(board.length);
    for (let i = 0; i < board.length; i++) {
      ranks[i] = i > 0 && values[board[i]!] === values[board[i - 1]!] ? ranks[i - 1]! : i + 1;
    }
    return {
      id: def.id,
      title: def.title,
      description: def.description,
      unit: def.unit,
      category: def.category,
      values,
      board,
      ranks,
      total,
    };
  });
}
