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
  /**
   * Runs `task` at the same quiet moment, before the collection if one is asked for (background
   * work of a pull that should not share the cores with the first visitors of its snapshot).
   */
  defer(task: () => void): void;
  /** Runs the deferred tasks and the asked collection now, if pending (before the next pull allocates). */
  flush(): void;
  /** Whether a collection or a task is asked for and has not run yet. */
  readonly pending: boolean;
  /** Runs the deferred tasks now and forgets the asked collection (shutdown). */
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
 * only matters before the next pull, minutes later. Other background work of a pull waits for
 * the same moment (`defer`): the players' last good readings, whose writing (a JSON text and a
 * gzip on libuv's pool per changed player) took both cores for ~130 ms at 10,000 players.
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
  /** When the first pending ask came (a collection or a task), or null when none is pending. */
  let askedAt: number | null = null;
  let collectAsked = false;
  let tasks: Array<() => void> = [];
  /** Requests seen, and their count at the last check: a request costs one increment. */
  let seen = 0;
  let seenAtCheck = 0;
  let cancelTimer: (() => void) | null = null;

  /** The deferred tasks, then the collection when asked for; nothing pending afterwards. */
  function run(withCollection: boolean): void {
    const due = tasks;
    const collecting = collectAsked && withCollection;
    askedAt = null;
    collectAsked = false;
    tasks = [];
    cancelTimer?.();
    cancelTimer = null;
    for (const task of due) task();
    if (collecting) collect();
  }

  /** Runs `quietMs` after the ask or the last check: quiet when no request came in between. */
  function check(): void {
    cancelTimer = null;
    if (askedAt === null) return;
    const waited = clock() - askedAt;
    if (seen === seenAtCheck || waited >= maxWaitMs) {
      run(true);
      return;
    }
    seenAtCheck = seen;
    cancelTimer = timer(check, Math.max(1, Math.min(quietMs, maxWaitMs - waited)));
  }

  /** Starts waiting for a quiet moment, unless already waiting. */
  function ask(): void {
    if (askedAt !== null) return;
    askedAt = clock();
    seenAtCheck = seen;
    cancelTimer = timer(check, quietMs);
  }

  return {
    touch() {
      seen++;
    },
    request() {
      collectAsked = true;
      ask();
    },
    defer(task) {
      tasks.push(task);
      ask();
    },
    flush() {
      if (askedAt !== null) run(true);
    },
    get pending() {
      return askedAt !== null;
    },
    cancel() {
      run(false);
    },
  };
}

/**
 * `own` with its deferred tasks given to `to` instead (see `ReferenceServerOptions.deferTo`):
 * they run at `to`'s quiet moment, and `own`'s flush at the next pull does not run them. Its
 * `cancel` (shutdown) runs those `to` has not run yet; each runs once.
 *
 * @example
 * const collector = deferringTo(idleCollector(), network);
 */
export function deferringTo(own: IdleCollector, to: Pick<IdleCollector, 'defer'>): IdleCollector {
  const waiting = new Set<() => void>();
  return {
    touch: () => own.touch(),
    request: () => own.request(),
    defer(task) {
      const once = (): void => {
        if (waiting.delete(once)) task();
      };
      waiting.add(once);
      to.defer(once);
    },
    flush: () => own.flush(),
    get pending() {
      return own.pending || waiting.size > 0;
    },
    cancel() {
      for (const task of [...waiting]) task();
      own.cancel();
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
