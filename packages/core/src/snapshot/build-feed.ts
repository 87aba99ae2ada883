import { FEED_EVENT_STRIDE, type SnapshotAdvancement } from './types.js';

/**
 * The feed's rolling tail: the `size` newest vanilla unlocks on the server, as flat triples
 * `[player, advancement, at_ms]`, newest first; same time → name order, then advancement order.
 * Holders are already in earn order, so only the newest `size` of each advancement (plus any
 * tied with the oldest of those) can make the tail: the sort never sees the whole history.
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
  const candidates: [player: number, advancement: number, at: number][] = [];
  advancements.forEach((advancement, a) => {
    if (advancement.source !== 'vanilla') return;
    const at = advancement.holder_at;
    let known = at.length;
    while (known > 0 && at[known - 1] === -1) known--;
    const threshold = known > size ? at[known - size]! : -Infinity;
    for (let i = known - 1; i >= 0 && at[i]! >= threshold; i--) candidates.push([advancement.holders[i]!, a, at[i]!]);
  });
  candidates.sort((x, y) => y[2] - x[2] || nameRank[x[0]]! - nameRank[y[0]]! || x[1] - y[1]);
  const events = new Array<number>(Math.min(size, candidates.length) * FEED_EVENT_STRIDE);
  for (let i = 0; i * FEED_EVENT_STRIDE < events.length; i++) {
    const [p, a, t] = candidates[i]!;
    events[i * FEED_EVENT_STRIDE] = p;
    events[i * FEED_EVENT_STRIDE + 1] = a;
    events[i * FEED_EVENT_STRIDE + 2] = t;
  }
  return events;
}
