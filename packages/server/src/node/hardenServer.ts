import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from '../http/ApiError.js';
import { ALLOWED_METHODS } from '../http/cors.js';
import { clientKey } from '../http/clientKey.js';
import { ipMatcher } from '../http/ipMatcher.js';
import { resolveNodeLimits, type NodeLimits } from './NodeLimits.js';
import { answerOnSocket } from './answerOnSocket.js';
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
  /** Base of problem `type` URIs in the answers written here (the router's `problemBase`). Default `/problems`. */
  problemBase?: string;
}

/** How often Node checks the headers and request timeouts (its default, 30 s, lets slow clients linger). */
const TIMEOUT_CHECK_MS = 1_000;

/** Addresses remembered as cooling down at most (a flood from very many addresses resets the list). */
const MAX_COOLING = 100_000;


/** The problem answering a request Node's parser refused (`clientError`), by its error code. */
function parserProblem(code: string | undefined, maxHeaderBytes: number): ApiError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError('headers-too-large', `The request line and headers are larger than the ${maxHeaderBytes} bytes this server accepts.`);
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError('content-too-large', 'The request body\'s chunk extensions are larger than this server reads.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError('request-timeout', 'The request did not arrive in time.');
    case 'HPE_INVALID_METHOD':
      // `FOO`, a lowercase `get`: methods are case-sensitive (RFC 9110 §9.1), and no other is served.
      return new ApiError('method-not-allowed', 'This method is not supported: the API is read-only and accepts GET and HEAD only (methods are case-sensitive).', { headers: { allow: ALLOWED_METHODS } });
    default:
      return new ApiError('invalid-request', 'The request could not be read as HTTP/1.1.');
  }
}

/**
 * Applies the server-wide {@link NodeLimits} to a `node:http` server, before it listens:
 * - total connections (`server.maxConnections`) and connections per client address (IPv6: per
 *   /64), excess ones closed as they arrive; when `toNodeListener` closes a connection for
 *   pipelining abuse, the address's other connections are closed too and it is refused for
 *   `abuseCooldownMs`;
 * - the header size (`maxHeaderSize`) and the headers, request, keep-alive and idle timeouts,
 *   checked every second, so slow clients are cut;
 * - Node's own parser errors (`clientError`: an unknown or lowercase method, headers too large,
 *   a timeout, garbage) and CONNECT, which Node never hands to the listener, are answered with a
 *   problem like every other error (405, 400, 408, 413 or 431, see {@link answerOnSocket}) and the
 *   connection is closed; when answers are still owed on it it is closed without one, so no
 *   answer is ever cut into;
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
    void answerOnSocket(socket, parserProblem(error.code, limits.maxHeaderBytes), options.problemBase);
  });
  // CONNECT (a proxy tunnel) never reaches the request listener; without this, Node drops the socket unanswered.
  server.on('connect', (_request: IncomingMessage, socket: Socket) => {
    socket.on('error', () => {});
    if (inFlight(socket) > 0) {
      socket.destroy();
      return;
    }
    void answerOnSocket(socket, new ApiError('method-not-allowed', 'CONNECT is not supported: this is not a proxy; the API accepts GET and HEAD only.', { headers: { allow: ALLOWED_METHODS } }), options.problemBase);
  });
  return server;
}
