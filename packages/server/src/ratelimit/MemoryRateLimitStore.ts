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
    const current = this.#windows.get(key);
    const state = current && current.resetAt > now
      ? { count: current.count + 1, resetAt: current.resetAt }
      : { count: 1, resetAt: now + windowMs };
    this.#windows.set(key, state);
    return { ...state };
  }

  undo(key: string, now: number): void {
    const current = this.#windows.get(key);
    if (current && current.resetAt > now && current.count > 0) {
      this.#windows.set(key, { count: current.count - 1, resetAt: current.resetAt });
    }
  }
}
