import { createSocket } from 'node:dgram';
import { decodeUnconnectedPing, encodeUnconnectedPong } from '../raknetPing.js';
import { bedrockPongString } from './samples.js';

export interface FakeBedrockServerOptions {
  /** The pong string; defaults to a Bedrock Dedicated Server's. */
  text?: string;
  /** `answer` (default) or `silent` (reads pings, never answers). */
  mode?: 'answer' | 'silent';
}

export interface FakeBedrockServer {
  host: string;
  port: number;
  address: string;
  /** Number of unconnected pings received. */
  pings(): number;
  close(): Promise<void>;
}

/** A Bedrock server answering RakNet unconnected pings on 127.0.0.1 (UDP, OS-assigned port). */
export async function fakeBedrockServer(options: FakeBedrockServerOptions = {}): Promise<FakeBedrockServer> {
  const text = options.text ?? bedrockPongString;
  const socket = createSocket('udp4');
  let pings = 0;
  socket.on('message', (packet, peer) => {
    const ping = decodeUnconnectedPing(packet);
    if (ping === null) return;
    pings++;
    if (options.mode === 'silent') return;
    socket.send(encodeUnconnectedPong(ping.time, 1_234_567_890_123n, text), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    host: '127.0.0.1',
    port,
    address: `127.0.0.1:${port}`,
    pings: () => pings,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
