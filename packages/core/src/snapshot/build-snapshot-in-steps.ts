import type { SaveData } from '../save/types.js';
import { snapshotSteps } from './build-snapshot.js';
import type { BuildSnapshotOptions, Snapshot } from './types.js';

/**
 * `buildSnapshot`, awaiting `pause()` between its phases: a server builds on the thread that
 * answers its requests, and a whole build (a cold one at a few hundred players on a busy
 * machine took over a second; ~80 ms warm at 10,000) would hold every answer back. Each phase
 * still runs whole. Same result as `buildSnapshot`.
 *
 * @example
 * const snapshot = await buildSnapshotInSteps(save, { now: Date.now() }, () => new Promise((resolve) => setImmediate(resolve)));
 */
export async function buildSnapshotInSteps(save: SaveData, options: BuildSnapshotOptions, pause: () => Promise<void>): Promise<Snapshot> {
  const steps = snapshotSteps(save, options);
  let step = steps.next();
  while (!step.done) {
    await pause();
    step = steps.next();
  }
  return step.value;
}
