import type { RateLimitState, RateLimitStore } from './RateLimitStore.js';

/**
 * The default {@link RateLimitStore}: fixed windows in memory, bounded: at most `maxKeys`
 * clients are tracked, and the clients seen least recently are forgotten first (which can only
 * ever let a long-idle client in early).
 *
 * The windows live in two generations of plain maps rather than an LRU list: a client is looked
 * up in the recent one, then in the older one (and moved to the recent one); when the recent one
 * holds half of `maxKeys`, it becomes the older one and the clients of the previous older one,
 * unseen for a whole generation, are forgotten. One map lookup a request and no list to relink:
 * with thousands of clients every lookup is a cache miss, and an LRU list makes several.
 *
 * @example
 * const store = new MemoryRateLimitStore();
 * store.hit('203.0.113.9', Date.now(), 60_000); // { count: 1, resetAt: … }
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #generation: number;
  #recent = new Map<string, RateLimitState>();
  #older = new Map<string, RateLimitState>();

  constructor(options: { maxKeys?: number } = {}) {
    const maxKeys = options.maxKeys ?? 100_000;
    if (!Number.isSafeInteger(maxKeys) || maxKeys < 2) throw new RangeError('MemoryRateLimitStore: maxKeys must be a whole number ≥ 2');
    this.#generation = Math.floor(maxKeys / 2);
  }

  hit(key: string, now: number, windowMs: number): RateLimitState {
    // An open window is counted in place: one lookup, no insertion.
    const current = this.#find(key);
    if (current && current.resetAt > now) {
      current.count++;
      return { count: current.count, resetAt: current.resetAt };
    }
    if (current) {
      current.count = 1;
      current.resetAt = now + windowMs;
    } else {
      this.#add(key, { count: 1, resetAt: now + windowMs });
    }
    return { count: 1, resetAt: now + windowMs };
  }

  /**
   * The open window of `key` without counting a request (the router's fast lane answers a 304,
   * which is free, with it), or null when there is none.
   */
  current(key: string, now: number): RateLimitState | null {
    const open = this.#find(key);
    return open && open.resetAt > now ? { count: open.count, resetAt: open.resetAt } : null;
  }

  undo(key: string, now: number): void {
    const current = this.#find(key);
    if (current && current.resetAt > now && current.count > 0) current.count--;
  }

  /** A client's window, brought into the recent generation when it was in the older one. */
  #find(key: string): RateLimitState | undefined {
    const recent = this.#recent.get(key);
    if (recent !== undefined) return recent;
    const older = this.#older.get(key);
    if (older !== undefined) {
      this.#older.delete(key);
      this.#add(key, older);
    }
    return older;
  }

  #add(key: string, state: RateLimitState): void {
    if (this.#recent.size >= this.#generation) {
      this.#older = this.#recent;
      this.#recent = new Map();
    }
    this.#recent.set(key, state);
  }
}
