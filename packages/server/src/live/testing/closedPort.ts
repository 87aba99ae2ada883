import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';

/**
 * A loopback port nothing listens on: bound by the OS, then released. (Another process could
 * take it in between; on a test machine that is vanishingly rare.)
 */
export async function closedPort(protocol: 'tcp' | 'udp' = 'tcp'): Promise<number> {
  if (protocol === 'udp') {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const { port } = socket.address();
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    return port;
  }
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
