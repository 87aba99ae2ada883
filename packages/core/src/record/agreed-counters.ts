import type { PlayerTrack } from './types.js';

/**
 * Per player track, a frozen counters object a pull gave and `pullEntry` found equal to the
 * track's last values. While the track is not changed (`applyEntry` forgets it when it does),
 * the next pull giving that same object needs no comparison: a rebuild every 15 minutes hands
 * the unchanged players the same counters objects (`pullCounters` keeps them by stats row).
 */
const agreed = new WeakMap<PlayerTrack, object>();

/**
 * Whether `counters` is the frozen object last found equal to `track`'s values.
 *
 * @example
 * agreesWith(track, counters); // false until noteAgreement(track, counters)
 */
export function agreesWith(track: PlayerTrack, counters: object): boolean {
  return agreed.get(track) === counters;
}

/** Remembers that `track`'s last values equal frozen `counters` (a mutable object is ignored). */
export function noteAgreement(track: PlayerTrack, counters: object): void {
  if (Object.isFrozen(counters)) agreed.set(track, counters);
}

/** Forgets the agreement of a track about to change. */
export function forgetAgreement(track: PlayerTrack): void {
  agreed.delete(track);
}
