import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, it } from 'node:test';
import { admit, inFlight, watchPipelining, type CountBytes } from './socketLoad.js';

/** A connection and its requests, as `admit` sees them. */
function connection() {
  const socket = Object.assign(new EventEmitter(), {
    destroyed: false,
    destroy() {
      this.destroyed = true;
    },
  });
  const started: { index: number; count: CountBytes; done: () => void; res: EventEmitter }[] = [];
  let requests = 0;
  const send = (limits: typeof LIMITS) => {
    const index = requests++;
    const res = new EventEmitter();
    const admitted = admit({ socket } as unknown as IncomingMessage, res as unknown as ServerResponse, limits, (count, done) => {
      started.push({ index, count, done, res });
    });
    return { res, admitted };
  };
  return { socket, started, send };
}

/** One turn of the event loop: an answer written later lets the next request start on the next turn. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

const LIMITS = { maxPipelinedRequests: 4, maxQueuedBytes: 1_000, idleTimeoutMs: 60_000 };

describe('admit(req, res, limits, start)', () => {
  it('answers one request of a connection at a time, in order, the next on the next turn of the event loop', async () => {
    const { started, send } = connection();
    send(LIMITS);
    send(LIMITS);
    send(LIMITS);
    assert.deepEqual(started.map((s) => s.index), [0], 'the second waits while the first is being answered');
    started[0]!.done();
    assert.deepEqual(started.map((s) => s.index), [0], 'other clients get a turn first');
    await turn();
    assert.deepEqual(started.map((s) => s.index), [0, 1]);
    started[1]!.done();
    await turn();
    assert.deepEqual(started.map((s) => s.index), [0, 1, 2]);
  });

  it('starts the next at once when an answer is written synchronously (cached answers pipeline freely)', () => {
    const { started, socket } = connection();
    const limits = { maxPipelinedRequests: 10, maxQueuedBytes: 10_000, idleTimeoutMs: 60_000 };
    for (let i = 0; i < 5; i++) {
      const res = new EventEmitter();
      admit({ socket } as unknown as IncomingMessage, res as unknown as ServerResponse, limits, (count, done) => {
        count(10);
        done();
        started.push({ index: started.length, count, done, res });
      });
    }
    assert.equal(started.length, 5);
    assert.equal(inFlight(socket as never), 5, 'in flight until each answer is handed to the network');
  });

  it('lets go of an answer the socket took whole at once: no listener, no stall watch, nothing in flight', () => {
    const { socket } = connection();
    const limits = { maxPipelinedRequests: 2, maxQueuedBytes: 1_000, idleTimeoutMs: 60_000 };
    for (let i = 0; i < 5; i++) {
      const res = Object.assign(new EventEmitter(), { writableFinished: false });
      admit({ socket } as unknown as IncomingMessage, res as unknown as ServerResponse, limits, (count, done) => {
        count(10);
        res.writableFinished = true; // as `res.end()` leaves it when the kernel took every byte
        done();
      });
      assert.equal(res.listenerCount('close'), 0, 'no listener added for it');
      assert.equal(inFlight(socket as never), 0);
    }
    assert.equal(socket.destroyed, false, 'five answered requests are never five awaiting answers');
  });

  it('waits for the close of an answer the socket has not taken whole', () => {
    const { socket } = connection();
    const res = Object.assign(new EventEmitter(), { writableFinished: false });
    admit({ socket } as unknown as IncomingMessage, res as unknown as ServerResponse, LIMITS, (count, done) => {
      count(10);
      done(); // written, but some of it still in Node's buffers
    });
    assert.equal(inFlight(socket as never), 1);
    res.emit('close');
    assert.equal(inFlight(socket as never), 0);
  });

  it('holds further requests back while the unsent answers exceed maxQueuedBytes, until the client reads', async () => {
    const { started, send } = connection();
    send(LIMITS);
    send(LIMITS);
    started[0]!.count(5_000); // one large answer is always sent
    started[0]!.done();
    await turn();
    assert.equal(started.length, 1, 'the second waits: 5,256 bytes are queued');
    started[0]!.res.emit('close'); // handed to the network
    await turn();
    assert.equal(started.length, 2);
  });

  it('closes a connection with more than maxPipelinedRequests awaiting answers, and says so once', () => {
    const { socket, started, send } = connection();
    let told = 0;
    watchPipelining(socket as never, () => told++);
    for (let i = 0; i < 4; i++) assert.equal(send(LIMITS).admitted, true);
    assert.equal(socket.destroyed, false);
    assert.equal(send(LIMITS).admitted, false, 'the fifth closes it');
    assert.equal(socket.destroyed, true);
    assert.equal(told, 1);
    assert.equal(send(LIMITS).admitted, true, 'the rest of the read is ignored, not counted again');
    assert.equal(told, 1);
    started[0]!.done();
    assert.equal(started.length, 1, 'nothing more is started on a closed connection');
  });
});
