import type { Snapshot } from './types.js';

/** Each snapshot built with `options.previous`, to the snapshot it patched, while that one is kept. */
const predecessors = new WeakMap<Snapshot, WeakRef<Snapshot>>();

/**
 * Notes that `snapshot` was built patching `previous` (`buildSnapshot`'s `options.previous`).
 * Neither is kept alive by it.
 */
export function rememberPredecessor(snapshot: Snapshot, previous: Snapshot): void {
  predecessors.set(snapshot, new WeakRef(previous));
}

/**
 * The snapshot `snapshot` was built patching (`buildSnapshot`'s `options.previous`), while
 * something else still holds it; else undefined. What is derived per snapshot (the players
 * list's order, the stat history's numbers) is patched from this one's rather than from the
 * last computed: a network builds itself and each server's view in turn, so the last computed
 * is another view's, with other players at every position.
 *
 * @example
 * const last = predecessorOf(snapshot); // the network's view of s1 a pull ago, for the view of s1
 */
export function predecessorOf(snapshot: Snapshot): Snapshot | undefined {
  return predecessors.get(snapshot)?.deref();
}
