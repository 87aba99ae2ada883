/**
 * `run`, one call at a time: each call begins once every call made before it settled (a
 * failure included: it rejects its own caller only). The network's persister writes its six
 * snapshot files through one, each write's pieces collected (the persister's `afterWrite`)
 * before the next begins, instead of six writes' garbage at once on top of the pull's.
 *
 * @example
 * const write = oneAtATime(writeSnapshotFile);
 * void write(a, …); void write(b, …); // b's file is begun once a's is written
 */
export function oneAtATime<A extends unknown[]>(run: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return (...args) => {
    const call = last.then(() => run(...args));
    last = call.catch(() => undefined);
    return call;
  };
}
