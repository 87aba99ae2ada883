import { loadRecord } from '@blockstats/core/node';

/**
 * The demo server's clock. The demo save and its generated 45-day record end on a fixed date;
 * served on the real clock, "the last 7 days" would drift out of the record within a week and
 * the demo would show empty activity. So the demo runs on demo time: it continues from the
 * record's last pull (plus one refresh interval) and advances in real time, monotonically across
 * restarts because each run starts after the previous run's last pull.
 */
export async function demoClock(dataDir: string, refreshMs: number, now: () => number = Date.now): Promise<() => number> {
  const { record } = await loadRecord(dataDir);
  const last = record.times.at(-1);
  if (last === undefined) return now;
  const base = last + refreshMs;
  const startedAt = now();
  return () => base + (now() - startedAt);
}
