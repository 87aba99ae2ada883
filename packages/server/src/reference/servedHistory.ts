import type { StatHistory } from '@blockstats/core';
import { ApiError } from '../http/ApiError.js';
import type { PullState } from './PullState.js';

/** Seconds a period request is told to wait while the stat history is being read. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The stat history period answers read: null before it holds a day; while it is still being
 * read from the data directory (in the background after a start), a 503 `unavailable` problem
 * with Retry-After, never a partial history.
 *
 * @example
 * const history = servedHistory(state); // throws ApiError('unavailable') while loading
 */
export function servedHistory(state: PullState): StatHistory | null {
  if (state.historyLoading !== null) {
    throw new ApiError('unavailable', 'The stat history is still being read from the data directory after a start; period answers come once it is (every other answer is served meanwhile).', { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });
  }
  const history = state.historyLog?.history ?? null;
  return history !== null && history.lastDay !== null ? history : null;
}
