import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hardenServer } from './hardenServer.js';
import type { NodeLimits } from './NodeLimits.js';
import { toNodeListener, type FetchHandler, type NodeListenerOptions, type RefuseHandler } from './toNodeListener.js';

/** Where {@link serve} listens, and within which bounds. */
export interface ServeOptions {
  /** TCP port; 0 picks a free one. Default 8080. */
  port?: number;
  /** Interface to bind, e.g. `127.0.0.1`. Default `0.0.0.0` (every IPv4 interface). */
  host?: string;
  /** Connection, request and timeout bounds (see {@link NodeLimits}); omitted ones keep their defaults. */
  limits?: Partial<NodeLimits>;
  /**
   * Proxies exempt from the per-address connection cap; give the same list as the router's
   * `trustedProxies`.
   */
  trustedProxies?: readonly string[];
}

/** A running server: its address and a way to stop it. */
export interface RunningServer {
  server: Server;
  /** `http://host:port` of the listening socket. */
  url: string;
  port: number;
  /** Stops accepting connections and closes idle ones. */
  close(): Promise<void>;
}

/** What {@link serve} serves: a fetch handler, or a router (whose fast lane and refusals it uses). */
export type ServedApp = FetchHandler | { fetch: FetchHandler; answerCached?: NodeListenerOptions['answerCached']; refuse?: RefuseHandler };

/**
 * Serves a fetch handler (or anything with a `fetch` method, such as the router) on `node:http`,
 * within the {@link NodeLimits} (`hardenServer` and `toNodeListener`). Resolves once listening.
 *
 * @example
 * const { url, close } = await serve(createRouter({ snapshot: () => snapshot }), { port: 8080 });
 */
export function serve(app: ServedApp, options: ServeOptions = {}): Promise<RunningServer> {
  const handler: FetchHandler = typeof app === 'function' ? app : (request, ...extra) => app.fetch(request, ...extra);
  const listenerOptions: NodeListenerOptions = { ...(options.limits ? { limits: options.limits } : {}) };
  if (typeof app !== 'function') {
    // The router's memo fast lane (remembered answers skip the Fetch objects) and its refusals.
    if (app.answerCached) listenerOptions.answerCached = app.answerCached;
    if (app.refuse) listenerOptions.refuse = app.refuse;
  }
  const server = hardenServer(createServer(toNodeListener(handler, listenerOptions)), {
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        server,
        url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host}:${address.port}`,
        port: address.port,
        close: () => new Promise((done, fail) => {
          server.close((error) => (error ? fail(error) : done()));
          server.closeIdleConnections();
        }),
      });
    });
  });
}
