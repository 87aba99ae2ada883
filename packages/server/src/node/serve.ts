import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeListener, type FetchHandler, type NodeListenerOptions } from './toNodeListener.js';

/** Where {@link serve} listens. */
export interface ServeOptions {
  /** TCP port; 0 picks a free one. Default 8080. */
  port?: number;
  /** Interface to bind, e.g. `127.0.0.1`. Default `0.0.0.0` (every IPv4 interface). */
  host?: string;
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

/**
 * Serves a fetch handler (or anything with a `fetch` method, such as the router) on `node:http`.
 * Resolves once listening.
 *
 * @example
 * const { url, close } = await serve(createRouter({ snapshot: () => snapshot }), { port: 8080 });
 */
export function serve(
  app: FetchHandler | { fetch: FetchHandler; answerCached?: NodeListenerOptions['answerCached'] },
  options: ServeOptions = {},
): Promise<RunningServer> {
  const handler: FetchHandler = typeof app === 'function' ? app : (request, ...extra) => app.fetch(request, ...extra);
  // The router's memo fast lane, when serving a router: remembered answers skip the Fetch objects.
  const answerCached = typeof app === 'function' || !app.answerCached ? undefined : app.answerCached;
  const server = createServer(toNodeListener(handler, answerCached ? { answerCached } : {}));
  // Keep-alive connections must not outlive a close() for long.
  server.keepAliveTimeout = 5_000;
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
