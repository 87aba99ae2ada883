import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { NodeLimits } from './NodeLimits.js';

/** What one connection has outstanding. */
interface Load {
  /** Requests received whose answer is not yet fully handed to the network (nor abandoned). */
  inFlight: number;
  /** Bytes of answers written on this connection and not yet handed to the network. */
  queuedBytes: number;
  /** True while one of its requests is being answered (its answer not yet written). */
  busy: boolean;
  /** Requests waiting for their turn. */
  waiting: (() => void)[];
  /** True while `pump` is starting requests (a synchronous answer must not start another loop). */
  pumping: boolean;
  /** A pump is scheduled for the next turn of the event loop. */
  scheduled: boolean;
  /** Checks that unsent answers move (see `watchStall`); null while nothing is unsent. */
  stallTimer: NodeJS.Timeout | null;
  /** `socket.writableLength` at the last check, and whether an answer was sent since. */
  lastUnsent: number;
  progressed: boolean;
}

/** Counts the bytes of one answer against its connection's queue. */
export type CountBytes = (bytes: number) => void;

/** Roughly what a status line and headers take: answers without a body are not free either. */
const HEAD_BYTES = 256;

const loads = new WeakMap<Socket, Load>();
/** Who to tell, at once, when a connection is closed for pipelining too much (`hardenServer`). */
const abuseWatchers = new WeakMap<Socket, () => void>();

/**
 * Calls `onAbuse` when `admit` closes the connection for having more than `maxPipelinedRequests`
 * awaiting answers, synchronously: before Node parses the reads of the address's other
 * connections that arrived at the same time.
 */
export function watchPipelining(socket: Socket, onAbuse: () => void): void {
  abuseWatchers.set(socket, onAbuse);
}

/** Requests the connection has awaiting their answers (0 for one that never had any). */
export function inFlight(socket: Socket): number {
  return loads.get(socket)?.inFlight ?? 0;
}

/**
 * Admits one request of a connection. HTTP/1.1 lets a client pipeline: send many requests before
 * reading any answer; Node parses a whole read (64 KiB: hundreds of requests) at once and keeps
 * every answer in memory until the client reads it. So a connection's requests are answered one
 * at a time, in order: `start` runs once no earlier request of the connection is still being
 * answered and its unsent answers are under `maxQueuedBytes` (a client that does not read gets
 * no more answers built for it; Node stops reading from it meanwhile). A connection that already
 * has `maxPipelinedRequests` awaiting answers is closed, with everything queued for it.
 *
 * `start` gets the function that counts the bytes it writes, and must call `done` once the
 * answer is written. Returns false when this call closed the connection.
 *
 * The common case costs no listener and no timer: a request of an idle connection starts at
 * once, and an answer written synchronously and taken whole by the socket (`writableFinished`)
 * is done with there and then. Only an answer that is queued, written later or left partly
 * unsent waits for its response's `close` and has its connection watched for a stall.
 */
export function admit(
  req: IncomingMessage,
  res: ServerResponse,
  limits: Pick<NodeLimits, 'maxPipelinedRequests' | 'maxQueuedBytes' | 'idleTimeoutMs'>,
  start: (count: CountBytes, done: () => void) => void,
): boolean {
  const socket = req.socket;
  // The rest of a read that ended in a close: Node still parses it, nothing answers it.
  if (socket.destroyed) return true;
  let load = loads.get(socket);
  if (load === undefined) {
    load = { inFlight: 0, queuedBytes: 0, busy: false, waiting: [], pumping: false, scheduled: false, stallTimer: null, lastUnsent: 0, progressed: false };
    loads.set(socket, load);
  }
  if (load.inFlight >= limits.maxPipelinedRequests) {
    socket.destroy();
    abuseWatchers.get(socket)?.();
    return false;
  }
  const current = load;
  current.inFlight++;
  let counted = 0;
  /** True while `start` runs synchronously: a write then is judged once the answer is done. */
  let inStart = false;
  let finished = false;
  let released = false;
  let listening = false;
  const count: CountBytes = (bytes) => {
    counted += bytes;
    current.queuedBytes += bytes;
    if (!inStart) watchStall(socket, current, limits.idleTimeoutMs);
  };
  // 'close' follows 'finish' (the answer handed to the network) or an abandoned answer.
  const release = (): void => {
    if (released) return;
    released = true;
    current.inFlight--;
    current.queuedBytes -= counted;
    current.progressed = true;
    if (current.inFlight === 0 && current.stallTimer) {
      clearInterval(current.stallTimer);
      current.stallTimer = null;
    }
    later(current, limits.maxQueuedBytes);
  };
  const awaitClose = (): void => {
    if (listening) return;
    listening = true;
    res.once('close', release);
  };
  const done = (): void => {
    if (finished) return;
    finished = true;
    current.busy = false;
    // Taken whole by the socket (the kernel has every byte): nothing is left to wait for.
    if (res.writableFinished === true) release();
    else {
      awaitClose();
      watchStall(socket, current, limits.idleTimeoutMs);
    }
    // Written at once (a cached answer): the loop in `pump` goes on. Written later: the next
    // request waits for the next turn of the event loop, so that a hundred connections'
    // pipelined requests never run back to back in one stretch of promise callbacks while
    // other clients wait to be read.
    if (!current.pumping) later(current, limits.maxQueuedBytes);
  };
  const run = (): void => {
    if (socket.destroyed) {
      release();
      return;
    }
    current.busy = true;
    inStart = true;
    try {
      count(HEAD_BYTES);
      start(count, done);
    } finally {
      inStart = false;
      // Still being answered (asynchronously): its bytes are counted and watched as they go.
      if (!finished) awaitClose();
    }
  };
  // An idle connection (the common case: one request at a time): no queue, no closure kept.
  if (!current.busy && !current.pumping && current.waiting.length === 0 && current.queuedBytes < limits.maxQueuedBytes) {
    run();
    return true;
  }
  awaitClose();
  current.waiting.push(run);
  pump(current, limits.maxQueuedBytes);
  return true;
}

/**
 * Closes the connection when its unsent answers have not moved for `idleTimeoutMs` (checked
 * every half of it): a client that stopped reading but keeps sending a byte now and then resets
 * Node's own idle timeout forever, and would hold its answers in memory as long.
 */
function watchStall(socket: Socket, load: Load, idleTimeoutMs: number): void {
  if (load.stallTimer !== null) return;
  load.lastUnsent = -1;
  let still = 0;
  load.stallTimer = setInterval(() => {
    const unsent = socket.writableLength;
    still = unsent > 0 && unsent === load.lastUnsent && !load.progressed ? still + 1 : 0;
    load.lastUnsent = unsent;
    load.progressed = false;
    if (still >= 2 || socket.destroyed) {
      clearInterval(load.stallTimer!);
      load.stallTimer = null;
      socket.destroy();
    }
  }, Math.max(1, Math.floor(idleTimeoutMs / 2)));
  load.stallTimer.unref();
}

/** Pumps on the next turn of the event loop (once, however often asked meanwhile). */
function later(load: Load, maxQueuedBytes: number): void {
  if (load.scheduled || load.waiting.length === 0) return;
  load.scheduled = true;
  setImmediate(() => {
    load.scheduled = false;
    pump(load, maxQueuedBytes);
  });
}

/** Starts waiting requests while the connection is free and under its byte budget. */
function pump(load: Load, maxQueuedBytes: number): void {
  // A fast answer calls `done` from inside `start`: the loop below goes on, no recursion.
  if (load.pumping) return;
  load.pumping = true;
  try {
    while (!load.busy && load.waiting.length > 0 && load.queuedBytes < maxQueuedBytes) load.waiting.shift()!();
  } finally {
    load.pumping = false;
  }
}
