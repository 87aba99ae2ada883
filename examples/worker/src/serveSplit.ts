import type { BlockstatsRouter } from '@blockstats/server';
import type { ReplayRandom } from './ReplayRandom.js';
import type { RetryRateLimitStore } from './RetryRateLimitStore.js';
import { ShardUnavailable, type ShardCache } from './ShardCache.js';
import type { SplitView } from './splitView.js';

/** Tries of one request before it is answered 503 (each loads what the last one lacked). */
const MAX_TRIES = 24;
/** From this try on, a statistic's missing value loads the statistic, not a player block. */
const WHOLE_STATS_FROM = 4;

/**
 * Answers `request` from the split snapshot: the router answers from the shards loaded; when
 * it read one not loaded (`view.misses` moved), that answer is dropped, the shards it wanted are
 * loaded and the router answers again, its rate-limit count taken back. So an answer is always
 * the whole snapshot's. The shards loaded for a request stay while it answers (over the cache's
 * bound if need be). A request that needs more than `MAX_TRIES` loads (or a shard KV lacks) is
 * answered 503.
 */
export async function serveSplit(parts: SplitParts, request: Request): Promise<Response> {
  const pins: string[] = [];
  parts.random.begin();
  try {
    return await answer(parts, request, pins);
  } finally {
    parts.cache.unpin(pins);
  }
}

/** What answers from a split snapshot: the router and the parts the worker keeps beside it. */
export interface SplitParts {
  router: BlockstatsRouter;
  view: SplitView;
  cache: ShardCache;
  limits: RetryRateLimitStore;
  random: ReplayRandom;
}

async function answer({ router, view, cache, limits, random }: SplitParts, request: Request, pins: string[]): Promise<Response> {
  for (let tries = 1; ; tries++) {
    random.rewind();
    const misses = view.misses;
    view.wholeStats = tries >= WHOLE_STATS_FROM;
    limits.takeLast();
    const answering = router.fetch(tries < MAX_TRIES ? request.clone() : request);
    // The router counts the request before its first await: this is that count.
    const counted = limits.takeLast();
    const response = await answering;
    if (view.misses === misses) return response;
    if (counted !== null) limits.undo(counted.key, counted.now);
    if (tries >= MAX_TRIES) return unavailable('This answer needs more of the snapshot than the worker may hold at once.');
    try {
      await cache.load(view.takeWanted(), pins);
    } catch (error) {
      if (error instanceof ShardUnavailable) return unavailable(`${error.message}: upload the split snapshot again.`);
      throw error;
    }
  }
}

function unavailable(detail: string): Response {
  const body = { type: 'about:blank', title: 'Service Unavailable', status: 503, detail };
  return new Response(JSON.stringify(body), { status: 503, headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store', 'retry-after': '5' } });
}
