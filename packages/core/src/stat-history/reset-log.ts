import type { CounterReset } from './counter-reset.js';

/** Resets kept for `/v1/health` (the count goes on). */
const RESETS_KEPT = 20;

/**
 * The counters that went down in a stat history (each one a new start, never a negative gain):
 * how many, and the latest few for `/v1/health`.
 *
 * @example
 * const resets = new ResetLog();
 * resets.add({ uuid: 'u', stat: 'jump', day: 20_000, from: 50, to: 3 });
 * resets.count; // 1
 */
export class ResetLog {
  #count = 0;
  readonly #latest: CounterReset[] = [];

  get count(): number {
    return this.#count;
  }

  /** The latest resets, oldest first (at most 20). */
  get latest(): readonly CounterReset[] {
    return this.#latest;
  }

  add(reset: CounterReset): void {
    this.#count++;
    this.#latest.push(reset);
    if (this.#latest.length > RESETS_KEPT) this.#latest.shift();
  }
}
