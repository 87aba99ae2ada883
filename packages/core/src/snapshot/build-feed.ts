import { FEED_EVENT_STRIDE, type SnapshotAdvancement } from './types.js';

/**
 * The feed's rolling tail: the `size` newest vanilla unlocks on the server, as flat triples
 * `[player, advancement, at_ms]`, newest first; same time → name order, then advancement order.
 * Holders are already in earn order, so only the newest `size` of each advancement (plus any
 * tied with the oldest of those) can make the tail, and of those only the ones as new as the
 * `size`-th newest overall: the comparator never sees the whole history.
 *
 * @example
 * buildFeed(advancements, nameRank, 200).length / 3; // events in the feed, at most 200
 */
export function buildFeed(
  advancements: readonly SnapshotAdvancement[],
  nameRank: ArrayLike<number>,
  size: number,
): number[] {
  if (size <= 0) return [];
  // Candidates in parallel typed arrays, sorted through their indexes: no triple per candidate.
  let count = 0;
  for (const advancement of advancements) if (advancement.source === 'vanilla') count += advancement.holders.length;
  const player = new Int32Array(count);
  const which = new Int32Array(count);
  const time = new Float64Array(count);
  let n = 0;
  // A loop rather than a callback made at every build (see `playTimes` in build-snapshot.ts).
  for (let a = 0; a < advancements.length; a++) {
    const advancement = advancements[a]!;
    if (advancement.source !== 'vanilla') continue;
    const at = advancement.holder_at;
    let known = at.length;
    while (known > 0 && at[known - 1] === -1) known--;
    const threshold = known > size ? at[known - size]! : -Infinity;
    for (let i = known - 1; i >= 0 && at[i]! >= threshold; i--) {
      player[n] = advancement.holders[i]!;
      which[n] = a;
      time[n] = at[i]!;
      n++;
    }
  }
  // Only candidates as new as the `size`-th newest can make the tail: a native sort of the times
  // finds that bound, and the comparator sorts those few (thousands of candidates, ~200 kept).
  const bound = n > size ? time.slice(0, n).sort()[n - size]! : -Infinity;
  let kept = 0;
  for (let i = 0; i < n; i++) if (time[i]! >= bound) kept++;
  const order = new Int32Array(kept);
  for (let i = 0, k = 0; i < n; i++) if (time[i]! >= bound) order[k++] = i;
  order.sort((x, y) => time[y]! - time[x]! || nameRank[player[x]!]! - nameRank[player[y]!]! || which[x]! - which[y]!);
  const events = new Array<number>(Math.min(size, n) * FEED_EVENT_STRIDE);
  for (let i = 0; i * FEED_EVENT_STRIDE < events.length; i++) {
    const c = order[i]!;
    events[i * FEED_EVENT_STRIDE] = player[c]!;
    events[i * FEED_EVENT_STRIDE + 1] = which[c]!;
    events[i * FEED_EVENT_STRIDE + 2] = time[c]!;
  }
  return events;
}
