/**
 * Epoch milliseconds as an ISO 8601 UTC string (SPEC: all timestamps are ISO 8601 in UTC).
 * Null, -1 (the snapshot's "unknown") and anything out of range give null.
 *
 * @example
 * isoTime(0); // '1970-01-01T00:00:00.000Z'
 */
export function isoTime(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || ms === -1 || !Number.isFinite(ms)) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
