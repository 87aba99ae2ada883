/** A client's position in its current window. */
export interface RateLimitState {
  /** Requests counted in the current window, including the one just made. */
  count: number;
  /** When the current window ends (epoch ms). */
  resetAt: number;
}

/**
 * Where request counts live. The in-memory default suits one process; a deployment on several
 * machines plugs in a shared implementation (Redis `INCR` + `PEXPIRE`, a Durable Object, …).
 * Methods may be synchronous or return promises.
 */
export interface RateLimitStore {
  /**
   * Counts one request for `key` and returns the window state. A window is fixed: it starts at a
   * key's first request and lasts `windowMs`; the first request after it ends starts a new one.
   */
  hit(key: string, now: number, windowMs: number): RateLimitState | Promise<RateLimitState>;
  /** Takes back one request counted by {@link hit} (304s and preflights are free: DECISIONS 19). */
  undo(key: string, now: number): void | Promise<void>;
}
