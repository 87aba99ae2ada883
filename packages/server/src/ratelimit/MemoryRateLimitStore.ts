import { LRUCache } from 'lru-cache';
import type { RateLimitState, RateLimitStore } from './RateLimitStore.js';

/**
 * The default {@link RateLimitStore}: fixed windows in an LRU map, so memory stays bounded (at
 * most `maxKeys` clients are tracked; the least recently seen is forgotten first, which can only
 * ever let a long-idle client in early).
 *
 * @example
 * const store = new MemoryRateLimitStore();
 * store.hit('203.0.113.9', Date.now(), 60_000); // { count: 1, resetAt: … }
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows: LRUCache<string, RateLimitState>;

  constructor(options: { maxKeys?: number } = {}) {
    this.#windows = new LRUCache({ max: options.maxKeys ?? 100_000 });
  }

  hit(key: string, now: number, windowMs: number): RateLimitState {
    // An open window is counted in place (`get` already made it the most recently seen): one
    // map lookup a request, no insertion.
    const current = this.#windows.get(key);
    if (current && current.resetAt > now) {
      current.count++;
      return { count: current.count, resetAt: current.resetAt };
    }
    this.#windows.set(key, { count: 1, resetAt: now + windowMs });
    return { count: 1, resetAt: now + windowMs };
  }

  /**
   * The open window of `key` without counting a request (the router's fast lane answers a 304,
   * which is free, with it), or null when there is none.
   */
  current(key: string, now: number): RateLimitState | null {
    const open = this.#windows.get(key);
    return open && open.resetAt > now ? { count: open.count, resetAt: open.resetAt } : null;
  }

  undo(key: string, now: number): void {
    const current = this.#windows.get(key);
    if (current && current.resetAt > now && current.count > 0) current.count--;
  }
}
