import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { tickCorkedSocket } from './tickCorkedSocket.js';

describe('tickCorkedSocket', () => {
  it('holds the writes of one turn corked and sends them together at the next tick, in order', async () => {
    const server = createServer();
    const received: Buffer[] = [];
    server.on('connection', (peer) => peer.on('data', (chunk: Buffer) => received.push(chunk)));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const socket = tickCorkedSocket();
    socket.setNoDelay(true);
    socket.connect({ host: '127.0.0.1', port: (server.address() as AddressInfo).port });
    await once(socket, 'connect');
    try {
      socket.write('a');
      socket.write(Buffer.from('bc'));
      assert.equal(socket.writableCorked, 1, 'corked after the first write of the turn');
      socket.write('d');
      assert.equal(socket.writableCorked, 1, 'corked once a turn');
      await new Promise((resolve) => process.nextTick(resolve));
      assert.equal(socket.writableCorked, 0, 'uncorked at the next tick');
      socket.write('e');
      assert.equal(socket.writableCorked, 1, 'a later turn corks again');
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(socket.writableCorked, 0);
      assert.equal(Buffer.concat(received).toString(), 'abcde');
    } finally {
      socket.destroy();
      server.close();
    }
  });
});
