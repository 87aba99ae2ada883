/** A task run by `run()` or started early by `ahead()`, never two at once. */
export interface StartableAhead<T> {
  /** The task's result: the one started ahead (the signal now stopping it), else a fresh run. */
  run(signal?: AbortSignal): Promise<T>;
  /** Starts the next `run()`'s task now, in the background (a no-op when one is waiting already). */
  ahead(): void;
  /** Stops a task started ahead that no `run()` took over. */
  cancel(reason: Error): void;
}

/**
 * Wraps a task (a remote save's sync) so it can start before it is asked for: a network starts
 * its remote servers' syncs before reading its local servers, and the waits on the network then
 * overlap that reading. Runs never overlap one another (each waits for the one before to end):
 * one writer of the mirror at a time.
 *
 * @example
 * const sync = startableAhead((signal) => syncMirror({ ...options, signal }));
 * sync.ahead();               // the network pull starts
 * await readLocalServers();
 * await sync.run(pullSignal); // takes the sync started ahead over
 */
export function startableAhead<T>(task: (signal: AbortSignal | undefined) => Promise<T>): StartableAhead<T> {
  let waiting: { result: Promise<T>; controller: AbortController } | null = null;
  let last: Promise<unknown> = Promise.resolve();
  const serial = (signal: AbortSignal | undefined): Promise<T> => {
    const next = last.then(() => task(signal));
    last = next.catch(() => undefined);
    return next;
  };
  return {
    run(signal) {
      const taken = waiting;
      waiting = null;
      if (taken === null) return serial(signal);
      if (signal?.aborted) taken.controller.abort(signal.reason);
      else signal?.addEventListener('abort', () => taken.controller.abort(signal.reason), { once: true });
      return taken.result;
    },
    ahead() {
      if (waiting !== null) return;
      const controller = new AbortController();
      const result = serial(controller.signal);
      // Its failure is the `run()`'s that takes it over, or nobody's once cancelled.
      result.catch(() => undefined);
      waiting = { result, controller };
    },
    cancel(reason) {
      waiting?.controller.abort(reason);
      waiting = null;
    },
  };
}
