import { type Row, verdict } from './lib/Row.js';
import type { FirstViewResult } from './firstView.js';

// The first-view part's rows of the benchmark table (same columns as bench/run.ts's rows).

/** Issue 42: every first view after a pull within 20 ms at 10,000 players, 50 ms at 50,000. */
export const FIRST_VIEW_TARGETS: Readonly<Record<number, number>> = { 10_000: 20, 50_000: 50 };

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const ms = (n: number): string => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;

export function firstViewRows(result: FirstViewResult, size: string): Row[] {
  const target = FIRST_VIEW_TARGETS[result.players];
  return result.views.map((view) => {
    const first = median(view.firstMs);
    return {
      part: `first view after a 1 %-changed pull: ${view.id} (${result.runtimeLabel})`,
      size,
      result: `${ms(first)} median of ${view.firstMs.length} pulls (all ${view.firstMs.map((v) => Math.round(v)).join(', ')} ms); ${view.status}, ${view.bytes.toLocaleString('en-US')} bytes`,
      against: `cached ${ms(median(view.cachedMs))}`,
      ratio: '',
      target: target === undefined ? '' : `≤ ${target} ms`,
      status: target === undefined ? '' : verdict(first <= target && view.status < 400, view.status >= 400 ? `status ${view.status}` : `${Math.round(first - target)} ms over`),
    };
  });
}
