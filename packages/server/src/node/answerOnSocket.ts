import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiError } from '../http/ApiError.js';
import { problemResponse } from '../http/problemResponse.js';

/**
 * Answers `error` as a problem (`application/problem+json`, through the one error path,
 * {@link problemResponse}) straight on a socket whose request Node's parser refused or does not
 * hand to the listener (a malformed or unknown method, headers too large, CONNECT), then closes
 * the connection: after a parse error nothing more on it can be read as a request. `problemBase`
 * is the configured one, else the relative `/problems` (RFC 9457 §3.1.1 resolves it against the
 * server's own URL: without a Host header the origin is unknown).
 */
export async function answerOnSocket(socket: Socket, error: ApiError, problemBase = '/problems'): Promise<void> {
  const response = problemResponse(error, { problemBase, instance: '/' });
  const body = Buffer.from(await response.text());
  response.headers.set('connection', 'close');
  response.headers.set('content-length', String(body.length));
  let head = `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}\r\n`;
  response.headers.forEach((value, name) => {
    head += `${name}: ${value}\r\n`;
  });
  if (!socket.writable) return;
  socket.end(Buffer.concat([Buffer.from(`${head}\r\n`), body]), () => socket.destroy());
}
