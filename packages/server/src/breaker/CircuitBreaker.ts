/** Where a {@link CircuitBreaker} stands: calls go through (`closed`), or are skipped (`open`). */
export type BreakerStatus =
  | { state: 'closed' }
  | {
    state: 'open';
    /** When the first failure of this run happened (epoch ms). */
    since: number;
    /** The last failure: the call's, then each probe's. */
    error: string;
    /** When the next background probe runs (epoch ms). */
    retryAt: number;
  };

/** Runs `run` after `ms` milliseconds; the returned function cancels it. */
export type Schedule = (run: () => void, ms: number) => () => void;

/** Options of {@link CircuitBreaker}. */
export interface CircuitBreakerOptions {
  /** The dependency, for messages: `Redis at 127.0.0.1:6379`. */
  name: string;
  /** A cheap call that succeeds when the dependency works again (Redis: `PING`). */
  probe: () => Promise<unknown>;
  /** A call or probe that has not settled after this long counts as failed. Default 250 ms. */
  timeoutMs?: number;
  /** How long calls are skipped after the first failure; doubled after each failed probe. Default 1 s. */
  backoffMs?: number;
  /** The longest wait between probes. Default 5 s, so a dependency back is used again within ~5 s. */
  maxBackoffMs?: number;
  /** Told of each transition, once: `open` when a call fails, `closed` when a probe succeeds. */
  onChange?: (status: BreakerStatus) => void;
  clock?: () => number;
  /** Timers (tests pass their own). Default `setTimeout`, unref'd: a breaker never keeps a process alive. */
  schedule?: Schedule;
}

/** What {@link CircuitBreaker.call} throws while the breaker is open, without calling. */
export class CircuitOpenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CircuitOpenError';
  }
}

/** What a call or probe that took longer than `timeoutMs` is failed with. */
export class CircuitTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CircuitTimeoutError';
  }
}

const defaultSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/**
 * Guards one external dependency of a request (the Redis rate-limit store; later others), so that
 * a dependency that fails or hangs costs each request nothing rather than a timeout: after a call
 * fails or takes longer than `timeoutMs`, calls are skipped at once ({@link CircuitOpenError})
 * and the dependency is probed in the background, after `backoffMs`, then twice as long after
 * each failed probe, up to `maxBackoffMs`. The first probe that succeeds lets calls through again.
 * Both transitions are told to `onChange` once each.
 *
 * @example
 * const breaker = new CircuitBreaker({ name: 'Redis at 127.0.0.1:6379', probe: () => client.ping(), onChange: log });
 * const count = await breaker.call(() => client.incr(key)); // or a CircuitOpenError, at once
 */
export class CircuitBreaker {
  readonly #name: string;
  readonly #probe: () => Promise<unknown>;
  readonly #timeoutMs: number;
  readonly #backoffMs: number;
  readonly #maxBackoffMs: number;
  readonly #onChange: ((status: BreakerStatus) => void) | undefined;
  readonly #clock: () => number;
  readonly #schedule: Schedule;
  #status: BreakerStatus = { state: 'closed' };
  #skipped: CircuitOpenError | null = null;
  #backoff = 0;
  #cancelProbe: (() => void) | null = null;
  #stopped = false;

  constructor(options: CircuitBreakerOptions) {
    this.#name = options.name;
    this.#probe = options.probe;
    this.#timeoutMs = options.timeoutMs ?? 250;
    this.#backoffMs = options.backoffMs ?? 1000;
    this.#maxBackoffMs = Math.max(this.#backoffMs, options.maxBackoffMs ?? 5000);
    this.#onChange = options.onChange;
    this.#clock = options.clock ?? Date.now;
    this.#schedule = options.schedule ?? defaultSchedule;
  }

  /** Where the breaker stands now (for `/v1/health`). */
  get status(): BreakerStatus {
    return this.#status;
  }

  /**
   * Runs `call` when the breaker is closed; a failure or a timeout opens it (and is rethrown).
   * While open, rejects at once with {@link CircuitOpenError}.
   */
  async call<T>(call: () => Promise<T>): Promise<T> {
    // One error per open period, not one per call: a skipped call should cost next to nothing.
    if (this.#status.state === 'open') throw (this.#skipped ??= new CircuitOpenError(`${this.#name} is skipped after a failure (${this.#status.error}); next try in the background at ${new Date(this.#status.retryAt).toISOString()}`));
    try {
      return await this.#inTime(call);
    } catch (error) {
      this.#trip(error);
      throw error;
    }
  }

  /** Stops probing; calls are skipped from now on. */
  stop(): void {
    this.#stopped = true;
    this.#cancelProbe?.();
    this.#cancelProbe = null;
  }

  #trip(error: unknown): void {
    if (this.#status.state === 'open' || this.#stopped) return;
    this.#backoff = this.#backoffMs;
    const now = this.#clock();
    this.#skipped = null;
    this.#status = { state: 'open', since: now, error: messageOf(error), retryAt: now + this.#backoff };
    this.#onChange?.(this.#status);
    this.#probeLater();
  }

  #probeLater(): void {
    this.#cancelProbe = this.#schedule(() => void this.#probeNow(), this.#backoff);
  }

  async #probeNow(): Promise<void> {
    this.#cancelProbe = null;
    if (this.#stopped || this.#status.state !== 'open') return;
    try {
      await this.#inTime(this.#probe);
    } catch (error) {
      if (this.#stopped) return;
      this.#backoff = Math.min(this.#backoff * 2, this.#maxBackoffMs);
      this.#status = { ...this.#status, error: messageOf(error), retryAt: this.#clock() + this.#backoff };
      this.#skipped = null;
      this.#probeLater();
      return;
    }
    if (this.#stopped) return;
    this.#status = { state: 'closed' };
    this.#onChange?.(this.#status);
  }

  /**
   * `call()`, or a {@link CircuitTimeoutError} once `timeoutMs` has passed (whatever `call` does
   * after). The rejection waits for `setImmediate`: on a busy event loop the timer may run late,
   * with the answer already read from the socket; the I/O phase between the two delivers it
   * first, so a busy process does not mistake itself for a hung dependency.
   */
  #inTime<T>(call: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const late = () => reject(new CircuitTimeoutError(`${this.#name} did not answer within ${this.#timeoutMs} ms`));
      const cancel = this.#schedule(() => void setImmediate(late), this.#timeoutMs);
      call().then(resolve, reject).finally(cancel);
    });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
