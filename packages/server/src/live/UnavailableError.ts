/**
 * Thrown by a live capability when its upstream is unreachable and nothing is cached. The router
 * turns it into `503` with the problem code `unavailable` and, when known, `Retry-After`
 * (DECISIONS 22).
 */
export class UnavailableError extends Error {
  override readonly name = 'UnavailableError';
  /** Seconds after which a retry may succeed (e.g. a rate-limit reset), or null when unknown. */
  readonly retryAfterSeconds: number | null;

  constructor(message: string, retryAfterSeconds: number | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.retryAfterSeconds =
      retryAfterSeconds === null || !Number.isFinite(retryAfterSeconds)
        ? null
        : Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
