import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hardenServer, type HardenServerOptions } from '../node/hardenServer.js';
import type { Listening } from './types.js';

/** Starts a node:http server for `listener`, within the HTTP limits, and resolves once it listens. */
export async function listenHttp(listener: RequestListener, options: { host?: string; port?: number } = {}, harden: HardenServerOptions = {}): Promise<Listening> {
  const server = hardenServer(createServer(listener), harden);
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 8080, options.host ?? '0.0.0.0', () => {
      server.off('error', fail);
      done();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const shown = host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host;
  return { url: `http://${shown}:${address.port}`, port: address.port, server };
}

/**
 * Graceful stop of a node:http server: no new connections, idle keep-alive ones closed at once,
 * busy ones told `Connection: close` and allowed to finish; whatever is still open after
 * `graceMs` is cut.
 */
export function closeGracefully(server: Server, graceMs: number): Promise<void> {
  return new Promise<void>((done) => {
    server.close(() => done());
    server.closeIdleConnections();
    server.on('request', (_req, res) => res.setHeader('connection', 'close'));
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    sweep.unref();
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    cut.unref();
    server.once('close', () => {
      clearInterval(sweep);
      clearTimeout(cut);
    });
  });
}
