import type { RawRequest, RawResponse } from '../router/CachedAnswer.js';
import type { BlockstatsRouter } from '../router/createRouter.js';
import type { Logger } from './logger.js';

/** A request target as logged: at most 200 characters. */
function loggedPath(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/**
 * The router's `fetch`, `refuse` and memo fast lane, each writing one `request` log line per
 * answer (method, path, status, milliseconds).
 */
export function withRequestLog(router: BlockstatsRouter, log: Logger): Pick<BlockstatsRouter, 'fetch' | 'refuse' | 'answerCached'> {
  const logged = (request: Request, response: Response, begin: number) => {
    const url = new URL(request.url);
    log.log('info', 'request', {
      method: request.method,
      path: loggedPath(`${url.pathname}${url.search}`),
      status: response.status,
      ms: Math.round((performance.now() - begin) * 10) / 10,
    });
    return response;
  };
  return {
    async fetch(request, ...extra) {
      const begin = performance.now();
      return logged(request, await router.fetch(request, ...extra), begin);
    },
    async refuse(request, error, ...extra) {
      const begin = performance.now();
      return logged(request, await router.refuse(request, error, ...extra), begin);
    },
    answerCached(request: RawRequest): RawResponse | null {
      const begin = performance.now();
      const answer = router.answerCached(request);
      if (answer) {
        const ms = Math.round((performance.now() - begin) * 10) / 10;
        // The fast lane's answers are most of a busy server's: the logger's shortcut when it has one.
        if (log.request) log.request(request.method, loggedPath(request.target), answer.status, ms);
        else log.log('info', 'request', { method: request.method, path: loggedPath(request.target), status: answer.status, ms });
      }
      return answer;
    },
  };
}
