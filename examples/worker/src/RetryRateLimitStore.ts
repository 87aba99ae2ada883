import { MemoryRateLimitStore, type RateLimitState } from '@blockstats/server';

/**
 * The router's in-memory rate limit, remembering the last request counted so that the worker,
 * answering a request again once it loaded the shards the first try lacked, takes that count
 * back: a visitor is counted once a request.
 */
export class RetryRateLimitStore extends MemoryRateLimitStore {
  #last: { key: string; now: number } | null = null;

  override hit(key: string, now: number, windowMs: number): RateLimitState {
    this.#last = { key, now };
    return super.hit(key, now, windowMs);
  }

  /** The count made since the last call (null when none), forgotten. */
  takeLast(): { key: string; now: number } | null {
    const last = this.#last;
    this.#last = null;
    return last;
  }
}
