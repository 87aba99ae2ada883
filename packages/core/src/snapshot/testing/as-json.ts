import type { Snapshot } from '../types.js';

/**
 * A built snapshot as `JSON.parse(JSON.stringify(snapshot))` gives it back: the same data, its
 * value columns (`ValueColumn`s) as plain arrays. Built by hand, so a test compares the two.
 */
export function asJson(snapshot: Snapshot): Snapshot {
  return { ...snapshot, stats: snapshot.stats.map((stat) => ({ ...stat, values: Array.from(stat.values) })) };
}
