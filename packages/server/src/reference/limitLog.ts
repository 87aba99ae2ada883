import type { NodeLimits } from '../node/NodeLimits.js';
import { limitKey } from './httpLimits.js';
import type { Logger } from './logger.js';

/** At most one line per limit in this window. */
const WINDOW_MS = 60_000;

/**
 * Reports connections closed by an HTTP limit as `http_limit` warnings: the first at once, then
 * at most one per limit and minute, with the number closed since the previous line, so a flood
 * of connections is visible without flooding the log.
 */
export function limitLog(log: Logger, clock: () => number): (limit: keyof NodeLimits, address: string | undefined) => void {
  const last = new Map<string, { at: number; closed: number }>();
  return (limit, address) => {
    const now = clock();
    const previous = last.get(limit);
    if (previous && now - previous.at < WINDOW_MS) {
      previous.closed++;
      return;
    }
    log.log('warn', 'http_limit', { limit: limitKey(limit), address: address ?? null, closed: (previous?.closed ?? 0) + 1 });
    last.set(limit, { at: now, closed: 0 });
  };
}
