/**
 * `serve(app, { limits })`: the bounds on connections, pipelining and time hold against real
 * sockets. Small limits keep every loop short; each wait is on an event (a close, a count
 * reached), never on the clock.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import { serve, type RunningServer, type ServeOptions } from '../src/node/serve.js';
import { api } from './harness.js';
import { rawHttp } from './rawHttp.js';

const servers: RunningServer[] = [];
const sockets: Socket[] = [];
after(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((s) => s.close()));
});

/** The fixture router behind `serve`, counting the requests that reach it. */
async function start(options: ServeOptions) {
  const { router } = api();
  let reached = 0;
  const running = await serve({
    fetch: (request, ...extra) => {
      reached++;
      return router.fetch(request, ...extra);
    },
    refuse: router.refuse,
  }, { port: 0, host: '127.0.0.1', ...options });
  servers.push(running);
  return { running, reached: () => reached };
}

/** Opens a connection that sends nothing (and reads, so it sees the server close it); resolves once it is connected. */
async function idle(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  socket.on('error', () => {});
  socket.resume();
  await once(socket, 'connect');
  return socket;
}

/** Resolves when `condition` holds, checking after every turn of the event loop. */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setImmediate(resolve));
}

const connections = (running: RunningServer) => new Promise<number>((resolve, reject) => running.server.getConnections((error, n) => (error ? reject(error) : resolve(n))));

describe('serve(app, { limits }): pipelining', () => {
  it('answers pipelined requests in order', async () => {
    const { running } = await start({ limits: { maxPipelinedRequests: 16 } });
    const burst = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `GET /v1/stats?limit=${n} HTTP/1.1\r\nHost: stats.test\r\n\r\n`).join('');
    const { responses } = await rawHttp(running.port, burst, { responses: 8 });
    assert.deepEqual(responses.map((r) => JSON.parse(r.body).meta.pagination.limit), [1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('closes a connection that pipelines more than maxPipelinedRequests without reading, and refuses its address a while', async () => {
    const { running, reached } = await start({ limits: { maxPipelinedRequests: 8, abuseCooldownMs: 60_000 } });
    const burst = 'GET /v1/stats HTTP/1.1\r\nHost: stats.test\r\n\r\n'.repeat(500);
    const socket = connect({ port: running.port, host: '127.0.0.1' });
    socket.on('error', () => {});
    socket.on('connect', () => socket.write(burst));
    await once(socket, 'close');
    assert.ok(reached() <= 8, `${reached()} of 500 requests reached the router`);
    const again = await rawHttp(running.port, 'GET /v1 HTTP/1.1\r\nHost: stats.test\r\n\r\n', { responses: 1 });
    assert.deepEqual([again.responses.length, again.closed], [0, true], 'the address is cooling down');
    const other = await rawHttp(running.port, 'GET /v1 HTTP/1.1\r\nHost: stats.test\r\n\r\n', { responses: 1, localAddress: '127.0.0.2' });
    assert.equal(other.responses[0]?.status, 200, 'another client is served');
  });
});

describe('serve(app, { limits }): connections', () => {
  it('keeps at most maxConnectionsPerAddress open per address; other addresses are served', async () => {
    const { running } = await start({ limits: { maxConnectionsPerAddress: 5 } });
    const flood = await Promise.all(Array.from({ length: 20 }, () => idle(running.port)));
    await until(() => flood.filter((s) => s.destroyed).length === 15);
    assert.equal(await connections(running), 5);
    const other = await rawHttp(running.port, 'GET /v1 HTTP/1.1\r\nHost: stats.test\r\n\r\n', { responses: 1, localAddress: '127.0.0.2' });
    assert.equal(other.responses[0]?.status, 200);
  });

  it('exempts trusted proxies from the per-address cap', async () => {
    const { running } = await start({ limits: { maxConnectionsPerAddress: 2 }, trustedProxies: ['127.0.0.1'] });
    await Promise.all(Array.from({ length: 6 }, () => idle(running.port)));
    await until(async () => (await connections(running)) === 6);
  });

  it('keeps at most maxConnections open in all', async () => {
    const { running } = await start({ limits: { maxConnections: 4 } });
    const flood = await Promise.all(Array.from({ length: 8 }, (_, i) => idle(running.port, `127.0.0.${10 + i}`)));
    await until(() => flood.filter((s) => s.destroyed).length === 4);
    assert.equal(await connections(running), 4);
  });
});

describe('serve(app, { limits }): slow clients', () => {
  it('closes a connection that never finishes its headers (slowloris) and one that sends nothing', async () => {
    const { running } = await start({ limits: { headersTimeoutMs: 300, requestTimeoutMs: 600 } });
    const slow = await idle(running.port);
    slow.write('GET /v1 HTTP/1.1\r\nHost: stats.test\r\n');
    const silent = await idle(running.port);
    await Promise.all([once(slow, 'close'), once(silent, 'close')]);
  });

  it('closes a connection whose answer does not move for idleTimeoutMs, even while the client keeps sending', async () => {
    const big = new Uint8Array(16 * 1024 * 1024);
    const running = await serve(() => new Response(big), { port: 0, host: '127.0.0.1', limits: { idleTimeoutMs: 300, headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 } });
    servers.push(running);
    const reader = connect({ port: running.port, host: '127.0.0.1' });
    sockets.push(reader);
    reader.on('error', () => {});
    await once(reader, 'connect');
    reader.write('GET /big HTTP/1.1\r\nHost: stats.test\r\n\r\n');
    reader.pause(); // never reads the 16 MB answer
    // An empty line now and then (allowed between requests) resets Node's own idle timer.
    const poke = setInterval(() => reader.write('\r\n'), 50);
    await new Promise<void>((resolve) => reader.once('error', () => resolve()).once('close', () => resolve()));
    clearInterval(poke);
  });

  it('closes a connection on which nothing moves for idleTimeoutMs', async () => {
    const { running } = await start({ limits: { idleTimeoutMs: 300, headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 } });
    const silent = await idle(running.port);
    await once(silent, 'close');
  });
});
