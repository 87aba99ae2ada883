import { toNodeListener } from '../node/toNodeListener.js';
import type { ReferenceConfigFile } from './configSchema.js';
import { httpLimits } from './httpLimits.js';
import { listenHttp } from './httpListener.js';
import { limitLog } from './limitLog.js';
import type { Logger } from './logger.js';
import type { withRequestLog } from './requestLog.js';
import type { Listening } from './types.js';
import { youngGenerationGrowth } from './youngGenerationGrowth.js';

/**
 * Serves `logged` (the router behind its request log) over HTTP on `listenOptions`, with the
 * configuration's `http` limits, each limit hit logged. Answers written before a request exists
 * (a refused method, headers too large) link the same problem types as the router's. A
 * process that serves lets its young generation grow to 16 MB a semi-space at once (see
 * youngGenerationGrowth: a scavenge's cost grows with the heap, so fewer of them).
 */
export function listenReference(
  logged: ReturnType<typeof withRequestLog>,
  config: Pick<ReferenceConfigFile, 'http' | 'trusted_proxies' | 'problem_base' | 'base_url'>,
  context: { log: Logger; clock: () => number },
  listenOptions: { host?: string; port?: number } = {},
): Promise<Listening> {
  youngGenerationGrowth();
  const limits = httpLimits(config.http);
  const onLimit = limitLog(context.log, context.clock);
  const listener = toNodeListener(logged.fetch, { answerCached: logged.answerCached, refuse: logged.refuse, limits, onLimit });
  return listenHttp(listener, listenOptions, {
    limits,
    onLimit,
    ...(config.trusted_proxies ? { trustedProxies: config.trusted_proxies } : {}),
    ...(config.problem_base || config.base_url ? { problemBase: config.problem_base ?? `${config.base_url!.replace(/\/+$/, '')}/problems` } : {}),
  });
}
