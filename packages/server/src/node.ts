/**
 * @blockstats/server/node: serve a fetch handler (the router) on `node:http`, within bounds on
 * connections, pipelining, header and URL sizes and timeouts that hold on the open internet.
 *
 * @example
 * import { createRouter } from '@blockstats/server';
 * import { serve } from '@blockstats/server/node';
 *
 * await serve(createRouter({ snapshot: () => snapshot }), { port: 8080 });
 */
export { toNodeListener, type FetchHandler, type NodeConnectionInfo, type NodeListenerOptions, type RefuseHandler } from './node/toNodeListener.js';
export { serve, type ServeOptions, type RunningServer, type ServedApp } from './node/serve.js';
export { hardenServer, type HardenServerOptions, type ConnectionLimit } from './node/hardenServer.js';
export { DEFAULT_NODE_LIMITS, resolveNodeLimits, type NodeLimits } from './node/NodeLimits.js';
export { createPngPool, pngPoolDefaults, type PngPool, type PngPoolOptions } from './png/createPngPool.js';
