import { collectGarbage } from './collectGarbage.js';
import type { BlockstatsRouter } from '../router/BlockstatsRouter.js';

/** Options of {@link idleCollector} (tests inject all of them). */
export interface IdleCollectorOptions {
  /** How long no request must have come before the collection runs. Default 1 s. */
  quietMs?: number;
  /** The collection runs at the latest this long after it was asked for, quiet or not. Default 2 min. */
  maxWaitMs?: number;
  clock?: () => number;
  /** Runs the collection. Default `collectGarbage`. */
  collect?: () => void;
  /** `setTimeout` that does not keep the process alive; returns its cancel. */
  timer?: (run: () => void, ms: number) => () => void;
}

/** The full collection after a pull, run when the server is quiet (see {@link idleCollector}). */
export interface IdleCollector {
  /** A request came: the collection waits for the next quiet moment. */
  touch(): void;
  /** Asks for one collection (a second ask before it ran is the same one). */
  request(): void;
  /** Runs the asked collection now, if one is pending (before the next pull allocates). */
  flush(): void;
  /** Whether a collection is asked for and has not run yet. */
  readonly pending: boolean;
  /** Forgets the asked collection (shutdown). */
  cancel(): void;
}

function unrefTimer(run: () => void, ms: number): () => void {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

/**
 * The full collection that frees a replaced snapshot (see `collectGarbage`), run once no request
 * came during `quietMs` (checked every `quietMs`), and at the latest `maxWaitMs` after it was asked for. Run just after
 * the swap, the collection (tens of milliseconds at 10,000 players, more under load) delayed the
 * first visitors of the new snapshot, who came in exactly then; the memory it keeps in check
 * only matters before the next pull, minutes later.
 *
 * @example
 * const collector = idleCollector();
 * collector.request();  // after the swap
 * collector.touch();    // on each request
 */
export function idleCollector(options: IdleCollectorOptions = {}): IdleCollector {
  const quietMs = options.quietMs ?? 1000;
  const maxWaitMs = options.maxWaitMs ?? 120_000;
  const clock = options.clock ?? Date.now;
  const collect = options.collect ?? collectGarbage;
  const timer = options.timer ?? unrefTimer;
  let askedAt: number | null = null;
  /** Requests seen, and their count at the last check: a request costs one increment. */
  let seen = 0;
  let seenAtCheck = 0;
  let cancelTimer: (() => void) | null = null;

  /** Runs `quietMs` after the ask or the last check: quiet when no request came in between. */
  function check(): void {
    cancelTimer = null;
    if (askedAt === null) return;
    const waited = clock() - askedAt;
    if (seen === seenAtCheck || waited >= maxWaitMs) {
      askedAt = null;
      collect();
      return;
    }
    seenAtCheck = seen;
    cancelTimer = timer(check, Math.max(1, Math.min(quietMs, maxWaitMs - waited)));
  }

  return {
    touch() {
      seen++;
    },
    request() {
      if (askedAt !== null) return;
      askedAt = clock();
      seenAtCheck = seen;
      cancelTimer = timer(check, quietMs);
    },
    flush() {
      if (askedAt === null) return;
      askedAt = null;
      cancelTimer?.();
      cancelTimer = null;
      collect();
    },
    get pending() {
      return askedAt !== null;
    },
    cancel() {
      askedAt = null;
      cancelTimer?.();
      cancelTimer = null;
    },
  };
}

/** The request handlers `handlers`, each telling `collector` of every request it gets. */
export function touching<T extends Pick<BlockstatsRouter, 'fetch' | 'refuse' | 'answerCached'>>(handlers: T, collector: Pick<IdleCollector, 'touch'>): T {
  return {
    ...handlers,
    fetch: (request, ...extra) => {
      collector.touch();
      return handlers.fetch(request, ...extra);
    },
    refuse: (request, error, ...extra) => {
      collector.touch();
      return handlers.refuse(request, error, ...extra);
    },
    answerCached: (request) => {
      collector.touch();
      return handlers.answerCached(request);
    },
  };
}
