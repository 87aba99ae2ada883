import { createServer, type Socket } from 'node:net';
import { decodeString, decodeVarInt, encodeString, framePacket, takeFrame } from '../slpFrame.js';

/**
 * How the fake answers:
 * - `answer`: handshake, status, ping/pong, like a vanilla server;
 * - `no-pong`: answers the status, then ignores the ping;
 * - `silent`: accepts the connection and never answers (a hung server);
 * - `close`: closes every connection at once;
 * - `garbage`: answers with bytes that are not a valid frame.
 */
export type FakeJavaMode = 'answer' | 'no-pong' | 'silent' | 'close' | 'garbage';

/** A handshake as the fake received it. */
export interface RecordedHandshake {
  protocol: number;
  address: string;
  port: number;
  nextState: number;
}

export interface FakeJavaServerOptions {
  /** The status JSON (an object is serialised; a string is sent as is). */
  status?: unknown;
  mode?: FakeJavaMode;
}

export interface FakeJavaServer {
  host: string;
  port: number;
  /** `host:port`, ready for `createStatusPinger({ java })`. */
  address: string;
  /** Every handshake received, in order. */
  handshakes: RecordedHandshake[];
  /** Number of TCP connections accepted. */
  connections(): number;
  /**
   * Number of ping packets received. The client sends its ping only after it has read the status,
   * so a test can wait for this instead of for wall-clock time.
   */
  pings(): number;
  /** Changes the answer for later connections. */
  set(options: FakeJavaServerOptions): void;
  close(): Promise<void>;
}

/**
 * A Java Edition server that speaks the real status protocol (VarInt framing, handshake, status
 * request/response, ping/pong) on 127.0.0.1 with an OS-assigned port.
 */
export async function fakeJavaServer(options: FakeJavaServerOptions = {}): Promise<FakeJavaServer> {
  let current: Required<FakeJavaServerOptions> = { status: {}, mode: 'answer', ...options };
  const handshakes: RecordedHandshake[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  let pings = 0;

  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const { mode, status } = current;
    if (mode === 'close') return void socket.destroy();
    let buffer: Buffer = Buffer.alloc(0);
    let stage: 'handshake' | 'status' | 'ping' = 'handshake';
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      try {
        answer();
      } catch {
        socket.destroy(); // The client broke the framing.
      }
    });
    function answer(): void {
      for (let taken = takeFrame(buffer); taken !== null; taken = takeFrame(buffer)) {
        buffer = taken.rest;
        const { id, data } = taken.frame;
        if (stage === 'handshake' && id === 0x00) {
          const protocol = decodeVarInt(data, 0);
          if (protocol === null) return void socket.destroy();
          const address = decodeString(data, protocol.size);
          const portAt = protocol.size + address.size;
          const nextState = decodeVarInt(data, portAt + 2);
          handshakes.push({ protocol: protocol.value, address: address.value, port: data.readUInt16BE(portAt), nextState: nextState?.value ?? -1 });
          stage = 'status';
        } else if (stage === 'status' && id === 0x00) {
          stage = 'ping';
          if (mode === 'silent') continue;
          if (mode === 'garbage') return void socket.write(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]));
          const json = typeof status === 'string' ? status : JSON.stringify(status);
          socket.write(framePacket(0x00, encodeString(json)));
        } else if (stage === 'ping' && id === 0x01) {
          pings++;
          if (mode !== 'answer') continue;
          socket.end(framePacket(0x01, data));
        }
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    host: '127.0.0.1',
    port,
    address: `127.0.0.1:${port}`,
    handshakes,
    connections: () => connections,
    pings: () => pings,
    set(next) {
      current = { ...current, ...next };
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
