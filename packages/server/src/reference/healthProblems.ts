import type { BreakerStatus } from '../breaker/CircuitBreaker.js';
import type { HealthReason } from '../router/RouterOptions.js';
import type { PullState } from './PullState.js';
import { historyProblems } from './historyProblems.js';

/**
 * What the reference server knows is wrong besides the data's age, for `/v1/health`: the last
 * pull's failure (rejected, failed or abandoned), a remote save unreachable (since when), a pull
 * still stuck reading the save, a record it cannot append to, files of the save it could not read
 * at the last pull, and the shared rate-limit store (`rateLimitStore`, its circuit breaker)
 * skipped after a failure.
 */
export function healthProblems(state: PullState, save?: string, rateLimitStore?: BreakerStatus): HealthReason[] {
  const problems: HealthReason[] = [];
  if (rateLimitStore?.state === 'open') {
    problems.push({
      code: 'rate_limit_store_down',
      detail: `The shared rate-limit store has failed since ${new Date(rateLimitStore.since).toISOString()} (${rateLimitStore.error}); requests are served without the rate limit until it answers again (next try ${new Date(rateLimitStore.retryAt).toISOString()}).`,
    });
  }
  if (state.sourceDown !== null) {
    const serving = state.lastSuccessAt === null ? 'nothing has been read from it yet' : `the data of ${new Date(state.lastSuccessAt).toISOString()} is served meanwhile`;
    problems.push({ code: 'save_unreachable', detail: `The save at ${save ?? 'the server'} has been unreachable since ${new Date(state.sourceDown.since).toISOString()} (${state.sourceDown.reason}); ${serving}.` });
  }
  const failing = state.lastErrorAt !== null && (state.lastSuccessAt === null || state.lastErrorAt > state.lastSuccessAt);
  if (failing && state.lastError !== null) problems.push({ code: 'pull_failed', detail: state.lastError });
  if (state.abandoned.size > 0) {
    problems.push({ code: 'pull_stuck', detail: `${state.abandoned.size} abandoned pull(s) still reading the save: the file system may be hung.` });
  }
  if (state.recordError !== null) {
    problems.push({ code: 'record_unwritable', detail: `The last pull could not be appended to the activity record: ${state.recordError}` });
  }
  problems.push(...historyProblems(state));
  if (state.unreadable.length > 0) {
    const first = state.unreadable[0]!;
    problems.push({
      code: 'save_partly_unreadable',
      detail: `${state.unreadable.length} file(s) could not be read at the last pull (e.g. ${first.file}: ${first.reason}); their players keep their last good data.`,
    });
  }
  return problems;
}
