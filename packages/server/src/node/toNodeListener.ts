import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiError } from '../http/ApiError.js';
import { problemResponse } from '../http/problemResponse.js';
import type { RawRequest, RawResponse } from '../router/CachedAnswer.js';
import { negotiateEncoding } from './acceptEncoding.js';
import { CompressedCache } from './CompressedCache.js';
import { compressAnswer, decodeIfNoneMatch, encodedEtag, varyOnEncoding, type Encode } from './compressAnswer.js';
import { resolveNodeLimits, type NodeLimits } from './NodeLimits.js';
import { admit, type CountBytes } from './socketLoad.js';
import { requestHost, toFetchRequest } from './toFetchRequest.js';
import { writeRaw, writeResponse } from './writeResponse.js';

/** A fetch-standard handler, e.g. `router.fetch`. */
export type FetchHandler = (request: Request, ...extra: unknown[]) => Response | Promise<Response>;

/** How a request the adapter cannot hand to the handler is answered (the router's `refuse`). */
export type RefuseHandler = (request: Request, error: ApiError, ...extra: unknown[]) => Response | Promise<Response>;

/** Options of {@link toNodeListener}. */
export interface NodeListenerOptions {
  /**
   * A fast lane tried before the handler for GET and HEAD (the router's `answerCached`): an
   * answer is written as is; null falls through to the handler.
   */
  answerCached?: (request: RawRequest) => RawResponse | null;
  /**
   * Answers what cannot be handed to the handler as a Request (a missing or malformed Host, TRACE,
   * an over-long request target) with the error, given a stand-in GET on the same path: the
   * router's `refuse`, which adds CORS and RateLimit headers and counts it. Default: the
   * problem as it is.
   */
  refuse?: RefuseHandler;
  /**
   * Bounds on each connection (`maxPipelinedRequests`, `maxQueuedBytes`) and request
   * (`maxUrlBytes`); see {@link NodeLimits}. The other limits are the server's: {@link hardenServer}.
   */
  limits?: Partial<NodeLimits>;
  /** Told when a connection is closed for pipelining more than `maxPipelinedRequests` (for a log line). */
  onLimit?: (limit: 'maxPipelinedRequests', address: string | undefined) => void;
  /**
   * Compression of text answers (pages, JSON, SVG) with Brotli or gzip as `Accept-Encoding`
   * asks, each representation's compressed bytes kept (by ETag) up to `cacheBytes` (default
   * 32 MiB). `false` sends every body as it is (a proxy in front compresses). Default on.
   */
  compression?: false | { cacheBytes?: number };
}

/** Default bound of the compressed-bytes cache. */
const COMPRESSED_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Reads the request's `Accept-Encoding`, and removes the codings' suffixes from its
 * `If-None-Match` (the router knows identity tags only), remembering the one the client held.
 */
function encoderFor(req: IncomingMessage, cache: CompressedCache): Encode {
  const accept = req.headers['accept-encoding'];
  const coding = negotiateEncoding(Array.isArray(accept) ? accept.join(',') : accept);
  let held: ReturnType<typeof decodeIfNoneMatch>['coding'] = null;
  const ifNoneMatch = req.headers['if-none-match'];
  if (typeof ifNoneMatch === 'string') {
    const decoded = decodeIfNoneMatch(ifNoneMatch);
    held = decoded.coding;
    if (held) {
      req.headers['if-none-match'] = decoded.value;
      const raw = req.rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'if-none-match') raw[i + 1] = decodeIfNoneMatch(raw[i + 1]!).value;
    }
  }
  return (status, headers, body) => {
    if (status === 304 && held && typeof headers.etag === 'string') {
      return { headers, set: { etag: encodedEtag(headers.etag, held), vary: varyOnEncoding(headers.vary) }, body };
    }
    return compressAnswer(status, headers, body, coding, cache);
  };
}

/** What the Node adapter passes after the request: the socket's peer (the `ConnInfo` convention). */
export interface NodeConnectionInfo {
  remoteAddress: string | undefined;
}

/** Without a router: the problem as it is, typed under this origin's `/problems`. */
const plainRefusal: RefuseHandler = (request, error) => {
  const url = new URL(request.url);
  return problemResponse(error, { problemBase: `${url.origin}/problems`, instance: url.pathname });
};

/**
 * Adapts a fetch handler to `node:http` (Node has Request/Response but its server speaks
 * `(req, res)`). The request URL is the Host header's origin, on the connection's own scheme,
 * followed by the request target as sent; the socket's peer address goes to the handler as
 * `{ remoteAddress }`; request bodies are streamed in (the API ignores them), response bodies
 * streamed out, and a HEAD gets none. Each connection's pipelined requests and queued answers
 * are bounded (see {@link NodeLimits}); what cannot be a Request goes to `refuse`.
 *
 * @example
 * http.createServer(toNodeListener(router.fetch, { refuse: router.refuse })).listen(8080);
 */
export function toNodeListener(handler: FetchHandler, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const { answerCached, onLimit } = options;
  const refuse = options.refuse ?? plainRefusal;
  const limits = resolveNodeLimits(options.limits);
  const cache = options.compression === false ? null : new CompressedCache(options.compression?.cacheBytes ?? COMPRESSED_CACHE_BYTES);

  function answer(req: IncomingMessage, res: ServerResponse, count: CountBytes, done: () => void): void {
    const secure = 'encrypted' in req.socket && Boolean((req.socket as { encrypted?: boolean }).encrypted);
    const scheme = secure ? 'https' : 'http';
    const method = req.method ?? 'GET';
    const info: NodeConnectionInfo = { remoteAddress: req.socket.remoteAddress };
    const target = req.url ?? '/';
    const encode = cache ? encoderFor(req, cache) : null;
    const head = method === 'HEAD';
    if (answerCached && (method === 'GET' || head) && target.length <= limits.maxUrlBytes) {
      const host = requestHost(req);
      let cached: RawResponse | null = null;
      if (typeof host === 'string') {
        try {
          cached = answerCached({
            method,
            target,
            scheme,
            host,
            header: (name) => {
              const value = req.headers[name];
              return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
            },
            remoteAddress: info.remoteAddress,
            // A HEAD goes out with the headers of the GET's encoded form, so the body is needed.
            headBody: head && encode !== null,
          });
        } catch {
          cached = null; // the fetch path below answers, and reports what went wrong
        }
      }
      if (cached) {
        const ready = cached;
        const encoded = encode ? encode(ready.status, ready.headers, ready.body) : null;
        if (!(encoded instanceof Promise)) {
          try {
            writeRaw(res, encoded === null || encoded.body === ready.body ? ready : { ...ready, body: encoded.body }, count, encoded?.set ?? null, head);
          } finally {
            done();
          }
          return;
        }
        void encoded
          .then((later) => writeRaw(res, { ...ready, body: later.body }, count, later.set, head))
          .catch(() => {
            if (!res.headersSent) res.writeHead(500);
            res.end();
          })
          .finally(done);
        return;
      }
    }
    void (async () => {
      const converted = toFetchRequest(req, scheme, limits.maxUrlBytes);
      let response: Response;
      try {
        response = 'request' in converted
          ? await handler(converted.request, info)
          : await refuse(converted.standIn, converted.refused, info);
      } catch {
        // The router never throws; a bare handler might. Nothing of the error reaches the client.
        response = new Response(null, { status: 500 });
      }
      await writeResponse(res, response, method, count, encode);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }).finally(done);
  }

  return (req, res) => {
    if (!admit(req, res, limits, (count, done) => answer(req, res, count, done))) onLimit?.('maxPipelinedRequests', req.socket.remoteAddress);
  };
}
