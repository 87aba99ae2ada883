import { Socket } from 'node:net';

/**
 * A TCP socket whose writes made in one turn of the event loop leave together: the first write
 * of a turn corks it and the next tick uncorks it, so they go out in one system call (a writev)
 * instead of one each. ssh2 writes every SFTP packet as two or three pieces (the length, the
 * encrypted rest, the MAC), and a sync sends five requests a copied file: at a 1 %-changed pull
 * of a 10,000-player save (300 files) that was thousands of small socket writes on the thread
 * that builds the snapshots. Nothing waits longer than the current turn, so latency is the same
 * (the connection keeps `setNoDelay`). Give it to ssh2 as `sock`, connecting already.
 *
 * @example
 * const sock = tickCorkedSocket();
 * sock.connect({ host, port });
 * client.connect({ ...config, sock });
 */
export function tickCorkedSocket(): Socket {
  const socket = new Socket();
  const write = Socket.prototype.write;
  let corked = false;
  const uncork = (): void => {
    corked = false;
    socket.uncork();
  };
  const corking = function (this: Socket, ...args: Parameters<Socket['write']>): boolean {
    if (!corked) {
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    }
    return write.apply(this, args as never);
  } as Socket['write'];
  socket.write = corking;
  // `connect` puts the prototype's `write` back (for the writes made while connecting): put
  // this one back in turn, before anyone else hears of the connection and writes.
  socket.prependListener('connect', () => {
    socket.write = corking;
  });
  return socket;
}
