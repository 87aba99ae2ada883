import type { ServerResponse } from 'node:http';
import type { RawResponse } from '../router/CachedAnswer.js';
import type { CountBytes } from './socketLoad.js';
import type { Encode } from './compressAnswer.js';
import { headerList } from './headerList.js';

/**
 * Writes a ready answer (the memo fast lane's) in one write, with its length: its headers (a
 * record that may be shared between answers: never modified here) with `set`'s values over
 * theirs (see {@link headerList}). With `head` the body is left out, its length kept.
 */
export function writeRaw(res: ServerResponse, answer: RawResponse, count: CountBytes, set: Readonly<Record<string, string>> | null = null, head = false): void {
  const length = answer.body && answer.headers['content-length'] === undefined && set?.['content-length'] === undefined
    ? { 'content-length': String(answer.body.byteLength) }
    : null;
  const more = set && length ? { ...set, ...length } : (set ?? length);
  res.writeHead(answer.status, more ? (headerList(answer.headers, more) as string[]) : answer.headers);
  if (head) {
    res.end();
    return;
  }
  count(answer.body?.byteLength ?? 0);
  res.end(answer.body ?? undefined);
}

/**
 * Writes a fetch Response: its headers (`Set-Cookie` kept as separate lines), its body streamed
 * out (none for a HEAD), each chunk counted against the connection's queue.
 */
export async function writeResponse(res: ServerResponse, response: Response, method: string, count: CountBytes, encode: Encode | null = null): Promise<void> {
  let outgoing: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') outgoing[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outgoing['set-cookie'] = cookies;
  if (!response.body || method === 'HEAD') {
    if (encode) Object.assign(outgoing, (await encode(response.status, outgoing, null)).set);
    res.writeHead(response.status, outgoing);
    await response.body?.cancel();
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.on('close', () => void reader.cancel().catch(() => {}));
  const first = await reader.read();
  const second = first.done ? first : await reader.read();
  if (second.done) {
    // The whole body came in one chunk (every string or byte body does): one write, with its
    // length, instead of chunked encoding.
    let body: Uint8Array = first.done ? new Uint8Array(0) : first.value;
    if (encode) {
      const encoded = await encode(response.status, outgoing, body);
      Object.assign(outgoing, encoded.set);
      body = encoded.body ?? body;
    }
    if (!('content-length' in outgoing)) outgoing['content-length'] = String(body.byteLength);
    res.writeHead(response.status, outgoing);
    count(body.byteLength);
    res.end(body);
    return;
  }
  res.writeHead(response.status, outgoing);
  for (let chunk: ReadableStreamReadResult<Uint8Array> = first; !chunk.done; chunk = chunk === first ? second : await reader.read()) {
    count(chunk.value.byteLength);
    if (!res.write(chunk.value)) await drained(res);
    if (res.destroyed) return;
  }
  res.end();
}

/** Resolves once `res` can take more, or is gone (a 'drain' that never comes must not leak). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
