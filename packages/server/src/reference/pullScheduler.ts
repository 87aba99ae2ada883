import type { PullResult } from './types.js';

/** When a server pulls: on demand and on its schedule, never two pulls at once. */
export interface PullScheduler {
  /**
   * A pull now, or the one already running (shared, never overlapped). Resolves once `settle`
   * has also resolved after it (the snapshot on disk when that pull wrote it); a scheduled pull
   * does not wait for `settle`.
   */
  pull(): Promise<PullResult>;
  /** Schedules a pull `delay` ms from now, then each one `refreshMs` after the last one began. */
  schedule(delay: number): void;
  /** No further pull is scheduled; one running goes on (see `running`). */
  stop(): void;
  /** The pull running now, or null. */
  running(): Promise<PullResult> | null;
  /** When the next scheduled pull starts (epoch ms), or null when none is. */
  nextPullAt(): number | null;
}

export interface PullSchedulerOptions {
  /** One pull (the single server's `runPull`, a network's `pullNetwork`); never rejects. */
  run: () => Promise<PullResult>;
  /** Awaited after each pull asked for, before `pull()` resolves (the persister's write, if one is under way); not after scheduled ones. */
  settle?: () => Promise<void>;
  refreshMs: number;
  clock: () => number;
}

/**
 * The pull schedule a reference server and a network server share: a pull at most every
 * `refreshMs` (from one pull's start to the next's; a pull longer than that is followed at
 * once), on timers that do not keep the process alive, and pulls asked for meanwhile (tests,
 * `blockstats record`) joining the one running.
 *
 * @example
 * const pulls = createPullScheduler({ run: () => runPull(state, context), settle: () => persister.idle(), refreshMs: 15 * 60_000, clock: Date.now });
 * pulls.schedule(0); // the first pull now, then every 15 minutes
 */
export function createPullScheduler(options: PullSchedulerOptions): PullScheduler {
  const { run, settle, refreshMs, clock } = options;
  let running: Promise<PullResult> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let next: number | null = null;
  let stopped = false;

  /** The pull running, or one started now. */
  function current(): Promise<PullResult> {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  }

  async function pull(): Promise<PullResult> {
    const result = await current();
    await settle?.();
    return result;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    next = clock() + delay;
    timer = setTimeout(() => {
      timer = null;
      const begin = clock();
      // Next pull one interval after this one began; never two at once. Not settled: its
      // background work (snapshot.json's write) keeps to its own moment.
      void current().then(() => schedule(Math.max(0, begin + refreshMs - clock())));
    }, delay);
    timer.unref();
  }

  return {
    pull,
    schedule,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      next = null;
    },
    running: () => running,
    nextPullAt: () => next,
  };
}
