import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's full collection, taken from a context made while `--expose-gc` was on (then off again). */
function findGc(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  return gc;
}

let gc: (() => void) | undefined;

/**
 * Collects until `done()` holds (a FinalizationRegistry's callbacks run in a task after the
 * collection that found their targets dropped), at most `tries` times; returns whether it held.
 *
 * @example
 * assert.ok(await collectUntil(() => pooledFreeBytes() > 0));
 */
export async function collectUntil(done: () => boolean, tries = 20): Promise<boolean> {
  gc ??= findGc();
  for (let i = 0; i < tries; i++) {
    if (done()) return true;
    gc();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return done();
}
