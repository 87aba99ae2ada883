/**
 * @blockstats/server/node: serve a fetch handler (the router) on `node:http`.
 *
 * @example
 * import { createRouter } from '@blockstats/server';
 * import { serve } from '@blockstats/server/node';
 *
 * await serve(createRouter({ snapshot: () => snapshot }), { port: 8080 });
 */
export { toNodeListener, type FetchHandler, type NodeConnectionInfo, type NodeListenerOptions } from './node/toNodeListener.js';
export { serve, type ServeOptions, type RunningServer } from './node/serve.js';
