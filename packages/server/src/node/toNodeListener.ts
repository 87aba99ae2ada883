import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { RawRequest, RawResponse } from '../router/CachedAnswer.js';

/** A fetch-standard handler, e.g. `router.fetch`. */
export type FetchHandler = (request: Request, ...extra: unknown[]) => Response | Promise<Response>;

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /**
   * A fast lane tried before the handler for GET and HEAD (the router's `answerCached`): an
   * answer is written as is; null falls through to the handler.
   */
  answerCached?: (request: RawRequest) => RawResponse | null;
}

/** What the Node adapter passes after the request: the socket's peer (the `ConnInfo` convention). */
export interface NodeConnectionInfo {
  remoteAddress: string | undefined;
}

/**
 * Adapts a fetch handler to `node:http` (Node has Request/Response but its server speaks
 * `(req, res)`). The request URL is built from the Host header on the connection's own scheme;
 * the socket's peer address goes to the handler as `{ remoteAddress }`; request bodies are
 * streamed in (the API ignores them), response bodies streamed out, and a HEAD gets none.
 *
 * @example
 * http.createServer(toNodeListener(router.fetch)).listen(8080);
 */
export function toNodeListener(handler: FetchHandler, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const { answerCached } = options;
  return (req, res) => {
    const secure = 'encrypted' in req.socket && Boolean((req.socket as { encrypted?: boolean }).encrypted);
    const host = req.headers.host && /^[a-z0-9.\-:[\]]+$/i.test(req.headers.host) ? req.headers.host : 'localhost';
    const method = req.method ?? 'GET';
    if (answerCached && (method === 'GET' || method === 'HEAD')) {
      let answer: RawResponse | null = null;
      try {
        answer = answerCached({
          method,
          target: req.url ?? '/',
          scheme: secure ? 'https' : 'http',
          host,
          header: (name) => {
            const value = req.headers[name];
            return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
          },
          remoteAddress: req.socket.remoteAddress,
        });
      } catch {
        answer = null; // the fetch path below answers, and reports what went wrong
      }
      if (answer) {
        // The header record may be shared between answers: never modified here.
        const headers = answer.body && answer.headers['content-length'] === undefined
          ? { ...answer.headers, 'content-length': String(answer.body.byteLength) }
          : answer.headers;
        res.writeHead(answer.status, headers);
        res.end(answer.body ?? undefined);
        return;
      }
    }
    void (async () => {
      // rawHeaders is [name, value, name, value, …]: one Headers built from pairs, no per-header append.
      const pairs: [string, string][] = [];
      const raw = req.rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
      let headers: Headers;
      try {
        headers = new Headers(pairs);
      } catch {
        headers = new Headers(); // a header value the Fetch API cannot represent: as before, a 400 below
      }
      const hasBody = method !== 'GET' && method !== 'HEAD';
      let request: Request | null = null;
      try {
        request = new Request(new URL(req.url ?? '/', `${secure ? 'https' : 'http'}://${host}`), {
          method,
          headers,
          ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
        } as RequestInit);
      } catch {
        // A request target or header the Fetch API cannot represent.
      }
      let response: Response;
      try {
        response = request
          ? await handler(request, { remoteAddress: req.socket.remoteAddress } satisfies NodeConnectionInfo)
          : new Response(null, { status: 400 });
      } catch {
        // The router never throws; a bare handler might. Nothing of the error reaches the client.
        response = new Response(null, { status: 500 });
      }
      const outgoing: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') outgoing[name] = value;
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) outgoing['set-cookie'] = cookies;
      if (!response.body || method === 'HEAD') {
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
        // The whole body came in one chunk (every string or byte body does): one write, with
        // its length, instead of chunked encoding.
        const body = first.done ? new Uint8Array(0) : first.value;
        if (!('content-length' in outgoing)) outgoing['content-length'] = String(body.byteLength);
        res.writeHead(response.status, outgoing);
        res.end(body);
        return;
      }
      res.writeHead(response.status, outgoing);
      for (let chunk: ReadableStreamReadResult<Uint8Array> = first; !chunk.done; chunk = chunk === first ? second : await reader.read()) {
        if (!res.write(chunk.value)) await new Promise((resolve) => res.once('drain', resolve));
      }
      res.end();
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };
}
