import { connect, type Socket } from 'node:net';

/** One response as it came off the wire. */
export interface RawHttpResponse {
  status: number;
  /** Lower-case header names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: string;
}

/** What {@link rawHttp} saw: the responses, and whether the server closed the connection. */
export interface RawHttpExchange {
  responses: RawHttpResponse[];
  closed: boolean;
}

/**
 * Sends `bytes` as they are (requests the HTTP clients would not send: no Host, TRACE, pipelined
 * bursts) and reads what comes back until `responses` answers are in or the server closes the
 * connection. Answers to HEAD requests must be announced in `headResponses` (they have no body
 * whatever their Content-Length says).
 */
export function rawHttp(port: number, bytes: string | Buffer, options: { responses?: number; host?: string; localAddress?: string; headResponses?: number[] } = {}): Promise<RawHttpExchange> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: options.host ?? '127.0.0.1', port, ...(options.localAddress ? { localAddress: options.localAddress } : {}) });
    let buffer = Buffer.alloc(0);
    const responses: RawHttpResponse[] = [];
    const finish = (closed: boolean) => {
      socket.destroy();
      resolve({ responses, closed });
    };
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) break;
        const [statusLine = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const colon = line.indexOf(':');
          const name = line.slice(0, colon).trim().toLowerCase();
          const value = line.slice(colon + 1).trim();
          headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
        }
        const head = options.headResponses?.includes(responses.length) ?? false;
        const length = head ? 0 : Number(headers['content-length'] ?? 0);
        if (buffer.length < end + 4 + length) break;
        responses.push({ status: Number(statusLine.split(' ')[1]), headers, body: buffer.subarray(end + 4, end + 4 + length).toString('utf8') });
        buffer = buffer.subarray(end + 4 + length);
        if (options.responses !== undefined && responses.length >= options.responses) return finish(false);
      }
    });
    socket.on('close', () => finish(true));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') finish(true);
      else reject(error);
    });
  });
}
