/** Rejects a missing or non-finite `now` with an error naming it (the clock is always injected). */
export function checkNow(now: unknown): number {
  if (typeof now !== 'number' || !Number.isFinite(now)) {
    throw new TypeError(`options.now must be the current time in epoch milliseconds, got ${String(now)}`);
  }
  return now;
}

/** ISO 8601 UTC, or null. */
export const isoOrNull = (t: number | null): string | null => (t === null ? null : new Date(t).toISOString());
