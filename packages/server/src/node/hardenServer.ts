import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientKey } from '../http/clientKey.js';
import { ipMatcher } from '../http/ipMatcher.js';
import { resolveNodeLimits, type NodeLimits } from './NodeLimits.js';
import { inFlight, watchPipelining } from './socketLoad.js';

/** A limit that made the server close a connection. */
export type ConnectionLimit = 'maxConnections' | 'maxConnectionsPerAddress' | 'abuseCooldownMs';

/** Options of {@link hardenServer}. */
export interface HardenServerOptions {
  /** See {@link NodeLimits}; omitted ones keep their defaults. */
  limits?: Partial<NodeLimits>;
  /**
   * Proxies (IPs, CIDR ranges: the router's `trustedProxies`) exempt from the per-address
   * connection cap: every client behind one shares its address.
   */
  trustedProxies?: readonly string[];
  /** Told when a connection is closed by a limit (for a log line). */
  onLimit?: (limit: ConnectionLimit, address: string | undefined) => void;
}

/** How often Node checks the headers and request timeouts (its default, 30 s, lets slow clients linger). */
const TIMEOUT_CHECK_MS = 1_000;

/** Addresses remembered as cooling down at most (a flood from very many addresses resets the list). */
const MAX_COOLING = 100_000;

/** Parser errors with their own status (as Node's default handler answers them). */
const CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Applies the server-wide {@link NodeLimits} to a `node:http` server, before it listens:
 * - total connections (`server.maxConnections`) and connections per client address (IPv6: per
 *   /64), excess ones closed as they arrive; when `toNodeListener` closes a connection for
 *   pipelining abuse, the address's other connections are closed too and it is refused for
 *   `abuseCooldownMs`;
 * - the header size (`maxHeaderSize`) and the headers, request, keep-alive and idle timeouts,
 *   checked every second, so slow clients are cut;
 * - Node's own parser errors (`clientError`) get a minimal well-formed answer (400, 408, 413 or
 *   431, `Content-Length: 0`) and the connection is closed; when answers are still owed on it
 *   it is closed without one, so no answer is ever cut into;
 * - a request without Host reaches the listener, so that it is answered as a problem like every
 *   other (`toNodeListener` does).
 * The per-connection limits (pipelining, queued bytes, URL length) are `toNodeListener`'s.
 *
 * @example
 * const server = hardenServer(http.createServer(toNodeListener(router.fetch, { refuse: router.refuse })));
 * server.listen(8080);
 */
export function hardenServer(server: Server, options: HardenServerOptions = {}): Server {
  const limits = resolveNodeLimits(options.limits);
  const exempt = ipMatcher(options.trustedProxies ?? []);
  const onLimit = options.onLimit;

  // Read by Node per connection and when listening: setting them before listen() is like passing them to createServer.
  const settable = server as { maxHeaderSize?: number; connectionsCheckingInterval?: number; requireHostHeader?: boolean };
  settable.maxHeaderSize = limits.maxHeaderBytes;
  settable.connectionsCheckingInterval = Math.min(TIMEOUT_CHECK_MS, limits.headersTimeoutMs);
  settable.requireHostHeader = false;
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.timeout = limits.idleTimeoutMs;
  server.maxConnections = limits.maxConnections;

  /** Open connections by client key. */
  const perAddress = new Map<string, Set<Socket>>();
  /** Addresses refused until a time (epoch ms) after pipelining abuse. */
  const cooling = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (peer === undefined || exempt(peer)) return;
    const key = clientKey(peer);
    if (cooling.size > 0) {
      const until = cooling.get(key);
      if (until !== undefined && until > Date.now()) {
        socket.destroy();
        onLimit?.('abuseCooldownMs', peer);
        return;
      }
      if (until !== undefined) cooling.delete(key);
    }
    let open = perAddress.get(key);
    if (open === undefined) {
      open = new Set();
      perAddress.set(key, open);
    }
    if (open.size >= limits.maxConnectionsPerAddress) {
      socket.destroy();
      onLimit?.('maxConnectionsPerAddress', peer);
      return;
    }
    const siblings = open;
    siblings.add(socket);
    socket.once('close', () => {
      siblings.delete(socket);
      if (siblings.size === 0 && perAddress.get(key) === siblings) perAddress.delete(key);
    });
    if (limits.abuseCooldownMs > 0) {
      watchPipelining(socket, () => {
        // Refuse the address a while, and close its other connections now: their reads, already
        // in, would each be parsed whole (hundreds of requests) before anything else runs.
        if (cooling.size >= MAX_COOLING) cooling.clear();
        cooling.set(key, Date.now() + limits.abuseCooldownMs);
        for (const sibling of siblings) sibling.destroy();
      });
    }
  });
  server.on('drop', (data?: { remoteAddress?: string }) => onLimit?.('maxConnections', data?.remoteAddress));

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight(socket) > 0) {
      socket.destroy();
      return;
    }
    const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\nCache-Control: no-store\r\n\r\n`, () => socket.destroy());
  });
  return server;
}
