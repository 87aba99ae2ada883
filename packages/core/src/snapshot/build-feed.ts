import { holderTime, type HolderTimes } from './holder-times.js';
import { newestBound } from './newest-bound.js';
import { FEED_EVENT_STRIDE, type SnapshotAdvancement } from './types.js';

/**
 * The feed's rolling tail: the `size` newest vanilla unlocks on the server, as flat triples
 * `[player, advancement, at_ms]`, newest first; same time → name order, then advancement order.
 * Holders are already in earn order, so the `size`-th newest time is found from the holder
 * lists' newest ends (`newestBound`), and only the events as new as it (~`size`, ties
 * included) are collected and sorted: a build never copies or sorts the whole history.
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
  // A loop rather than a callback made at every build (see `playTimes` in build-snapshot.ts).
  const vanilla: number[] = [];
  const lists: (HolderTimes | readonly number[])[] = [];
  const ends: number[] = [];
  for (let a = 0; a < advancements.length; a++) {
    const advancement = advancements[a]!;
    if (advancement.source !== 'vanilla') continue;
    vanilla.push(a);
    lists.push(advancement.holder_at);
    ends.push(knownTimes(advancement.holder_at));
  }
  const bound = newestBound(lists, ends, size);
  // The candidates, in parallel arrays sorted through their indexes (no triple per candidate).
  const player: number[] = [];
  const which: number[] = [];
  const time: number[] = [];
  for (let k = 0; k < lists.length; k++) {
    const at = lists[k]!;
    const holders = advancements[vanilla[k]!]!.holders;
    for (let i = ends[k]! - 1; i >= 0 && holderTime(at, i)! >= bound; i--) {
      player.push(holders[i]!);
      which.push(vanilla[k]!);
      time.push(holderTime(at, i)!);
    }
  }
  const order = Int32Array.from(time.keys());
  order.sort((x, y) => time[y]! - time[x]! || nameRank[player[x]!]! - nameRank[player[y]!]! || which[x]! - which[y]!);
  const events = new Array<number>(Math.min(size, order.length) * FEED_EVENT_STRIDE);
  for (let i = 0; i * FEED_EVENT_STRIDE < events.length; i++) {
    const c = order[i]!;
    events[i * FEED_EVENT_STRIDE] = player[c]!;
    events[i * FEED_EVENT_STRIDE + 1] = which[c]!;
    events[i * FEED_EVENT_STRIDE + 2] = time[c]!;
  }
  return events;
}

/** How many of a holder list's times are known: the unknown ones (-1) come last. */
function knownTimes(at: HolderTimes | readonly number[]): number {
  let known = at.length;
  while (known > 0 && holderTime(at, known - 1) === -1) known--;
  return known;
}
