import { openFileLimit } from './openFileLimit.js';

/**
 * The bounds the Node adapter keeps on every connection and request, so that no client, however
 * hostile, can grow the server's memory or exhaust its file descriptors. Each is a setting of
 * the reference configuration's `http` section (snake_case there).
 */
export interface NodeLimits {
  /**
   * Open connections in total; further ones are closed as they arrive (`server.maxConnections`).
   * Default 10,000, or half the process's open-file limit when that is lower, so that a flood
   * of connections never takes the descriptors the save's files need.
   */
  maxConnections: number;
  /**
   * Open connections per client address (IPv6: per /64, as the rate limit counts); one more is
   * closed as it arrives. Trusted proxies are exempt. Default 100 (a browser opens 6 per host).
   */
  maxConnectionsPerAddress: number;
  /**
   * Requests one connection may have awaiting their answers (HTTP/1.1 pipelining). A connection
   * that sends more without reading its answers is closed. Default 32.
   */
  maxPipelinedRequests: number;
  /**
   * After one of its connections is closed for pipelining more than `maxPipelinedRequests`,
   * an address's new connections are refused for this long: each such connection costs a read
   * of up to 64 KiB of requests that Node parses whole before anything can stop it, so an
   * attacker who reconnects at once must not be let in again. Default 10 s.
   */
  abuseCooldownMs: number;
  /**
   * Bytes of answers one connection may have queued but not yet taken by the network. Past it,
   * its further pipelined requests wait until the client reads (a single larger answer is
   * always sent). Default 256 KiB.
   */
  maxQueuedBytes: number;
  /** Request line plus headers (Node's `maxHeaderSize`); more is answered 431. Default 16 KiB. */
  maxHeaderBytes: number;
  /**
   * Request target (path and query); longer is a 414 problem. Default 8,192 bytes: the 8,000
   * octets RFC 9110 §4.1 asks every party to support, rounded up.
   */
  maxUrlBytes: number;
  /** Time a client has to send a request's headers, from the start of the request (slow clients are cut). Default 10 s. */
  headersTimeoutMs: number;
  /** Time a client has to send a whole request. Default 30 s. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection is kept open. Default 5 s. */
  keepAliveTimeoutMs: number;
  /**
   * A connection on which nothing moves either way for this long is closed, and so is one whose
   * unsent answers have not moved for this long (a client that stopped reading, even one that
   * keeps sending a byte now and then). Default 30 s.
   */
  idleTimeoutMs: number;
}

/** Total connections when the open-file limit allows it. */
const MAX_CONNECTIONS = 10_000;

/**
 * The default {@link NodeLimits}. `maxConnections` depends on the process's open-file limit,
 * read once when this module loads.
 */
export const DEFAULT_NODE_LIMITS: Readonly<NodeLimits> = Object.freeze({
  maxConnections: defaultMaxConnections(openFileLimit()),
  maxConnectionsPerAddress: 100,
  maxPipelinedRequests: 32,
  abuseCooldownMs: 10_000,
  maxQueuedBytes: 256 * 1024,
  maxHeaderBytes: 16 * 1024,
  maxUrlBytes: 8 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
});

/** 10,000, or half of `fileLimit` when that is lower (the other half for files and threads). */
export function defaultMaxConnections(fileLimit: number | null): number {
  return fileLimit === null ? MAX_CONNECTIONS : Math.max(1, Math.min(MAX_CONNECTIONS, Math.floor(fileLimit / 2)));
}

/** Limits that may be 0 (switched off). */
const MAY_BE_ZERO: ReadonlySet<keyof NodeLimits> = new Set(['abuseCooldownMs']);

/**
 * `limits` with the defaults filled in. Throws a RangeError naming the first setting that is not
 * a positive integer (`abuseCooldownMs` may be 0: off), or a headers timeout longer than the
 * request timeout (Node refuses that).
 */
export function resolveNodeLimits(limits: Partial<NodeLimits> = {}): NodeLimits {
  const resolved: NodeLimits = { ...DEFAULT_NODE_LIMITS };
  for (const [name, value] of Object.entries(limits) as [keyof NodeLimits, unknown][]) {
    if (value === undefined) continue;
    if (!(name in DEFAULT_NODE_LIMITS)) throw new RangeError(`limits.${name} is not a limit (known: ${Object.keys(DEFAULT_NODE_LIMITS).join(', ')})`);
    const min = MAY_BE_ZERO.has(name) ? 0 : 1;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
      throw new RangeError(`limits.${name} must be ${min === 0 ? 'zero or ' : ''}a positive integer, got ${String(value)}`);
    }
    resolved[name] = value;
  }
  if (resolved.headersTimeoutMs > resolved.requestTimeoutMs) {
    throw new RangeError(`limits.headersTimeoutMs (${resolved.headersTimeoutMs}) must not exceed limits.requestTimeoutMs (${resolved.requestTimeoutMs})`);
  }
  return resolved;
}
