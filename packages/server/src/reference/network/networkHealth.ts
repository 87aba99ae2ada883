import type { BreakerStatus } from '../../breaker/CircuitBreaker.js';
import type { HealthReason } from '../../router/RouterOptions.js';
import type { Backend } from './pullNetwork.js';
import type { NetworkState } from './NetworkState.js';

/**
 * What `/v1/health` lists for a network besides the data's age: each server not read at the
 * last pull (`server_stale`: which, since when, and the data of when is served instead), each
 * server's own problems (an unreachable SFTP save, files unreadable, a record it cannot append
 * to…) prefixed with its id, and the shared rate-limit store skipped after a failure.
 */
export function networkHealth(state: NetworkState, backends: readonly Backend[], rateLimitStore?: BreakerStatus): HealthReason[] {
  const problems: HealthReason[] = [];
  if (rateLimitStore?.state === 'open') {
    problems.push({ code: 'rate_limit_store_down', detail: `The shared rate-limit store has failed since ${new Date(rateLimitStore.since).toISOString()} (${rateLimitStore.error}); requests are served without the rate limit until it answers again.` });
  }
  for (const backend of backends) {
    const health = backend.server.health();
    const stale = state.stale.get(backend.id);
    if (stale) {
      const since = servedSince(state, backend);
      const serving = since === null ? 'nothing has been read from it yet' : `its data of ${new Date(since).toISOString()} is served meanwhile`;
      problems.push({ code: 'server_stale', detail: `Server ${backend.id} has not been read since ${new Date(stale.since).toISOString()} (${stale.reason}); ${serving}.` });
    }
    // Its pull's failure is the server_stale above already.
    for (const problem of health.problems) if (problem.code !== 'pull_failed') problems.push({ code: problem.code, detail: `Server ${backend.id}: ${problem.detail}` });
  }
  return problems;
}

/**
 * When the data served for one server was read (epoch ms): its last good pull in this process,
 * else the view the network restored at start, else null (nothing read from it yet).
 */
export function servedSince(state: NetworkState, backend: Backend): number | null {
  const pulled = backend.server.health().lastSuccessAt;
  if (pulled !== null) return pulled;
  const restored = state.views.get(backend.id);
  return restored ? Date.parse(restored.data_updated_at) : null;
}
