import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** A fetch-standard handler, e.g. `router.fetch`. */
export type FetchHandler = (request: Request, ...extra: unknown[]) => Response | Promise<Response>;

/** What the Node adapter passes after the request: the socket's peer (see `defaultGetClientAddress`). */
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
export function toNodeListener(handler: FetchHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void (async () => {
      const secure = 'encrypted' in req.socket && Boolean((req.socket as { encrypted?: boolean }).encrypted);
      const host = req.headers.host && /^[a-z0-9.\-:[\]]+$/i.test(req.headers.host) ? req.headers.host : 'localhost';
      const method = req.method ?? 'GET';
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
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
      res.writeHead(response.status, outgoing);
      if (!response.body || method === 'HEAD') {
        await response.body?.cancel();
        res.end();
        return;
      }
      const reader = response.body.getReader();
      res.on('close', () => void reader.cancel().catch(() => {}));
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve));
      }
      res.end();
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };
}
