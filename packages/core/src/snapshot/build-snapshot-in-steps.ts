import type { SaveData } from '../save/types.js';
import { snapshotSteps } from './build-snapshot.js';
import type { BuildSnapshotOptions, Snapshot } from './types.js';

/** Milliseconds a build runs before it pauses by default: well under the 100 ms no answer may wait. */
export const BUILD_SLICE_MS = 8;

/** How `buildSnapshotInSteps` pauses. */
export interface BuildInStepsOptions {
  /** Milliseconds of building between pauses (default `BUILD_SLICE_MS`); 0 pauses at every step. */
  sliceMs?: number;
  /** The clock the slices are measured with (default `performance.now`). */
  now?: () => number;
}

/**
 * `buildSnapshot`, awaiting `pause()` whenever it has built for `sliceMs` since the last pause:
 * a server builds on the thread that answers its requests, and a whole build (a cold one at a
 * few hundred players on a busy machine took over a second; ~80 ms warm at 10,000) would hold
 * every answer back. The build yields after each row it computes, statistic and few dozen profiles (see
 * `snapshotSteps`), so no slice runs much longer than `sliceMs`. Same result as `buildSnapshot`.
 *
 * @example
 * const snapshot = await buildSnapshotInSteps(save, { now: Date.now() }, () => new Promise((resolve) => setImmediate(resolve)));
 */
export async function buildSnapshotInSteps(
  save: SaveData,
  options: BuildSnapshotOptions,
  pause: () => Promise<void>,
  slices: BuildInStepsOptions = {},
): Promise<Snapshot> {
  const sliceMs = slices.sliceMs ?? BUILD_SLICE_MS;
  const now = slices.now ?? (() => performance.now());
  const steps = snapshotSteps(save, options);
  let since = now();
  let step = steps.next();
  while (!step.done) {
    if (now() - since >= sliceMs) {
      await pause();
      since = now();
    }
    step = steps.next();
  }
  return step.value;
}
