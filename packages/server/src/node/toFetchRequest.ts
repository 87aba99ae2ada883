import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { ApiError } from '../http/ApiError.js';
import { ALLOWED_METHODS } from '../http/cors.js';

/**
 * A Node request as the fetch handler gets it, or why it cannot be: then `standIn` is a GET (or
 * HEAD) Request on the same origin and path, with the headers that could be kept, for the router
 * to answer `refused` through its usual pipeline (`BlockstatsRouter.refuse`).
 */
export type FetchRequest = { request: Request } | { refused: ApiError; standIn: Request };

/** Methods the Fetch API will not put in a Request (Fetch standard, "forbidden method"). */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
/**
 * A Host header: a name or IPv4 address (underscores too: container names have them), or a
 * bracketed IPv6 address, then an optional port. The URL parser has the last word.
 */
const HOST = /^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])(?::\d{0,5})?$/i;
/** The path kept on a refused request's stand-in: enough for its `instance` and embed detection. */
const STAND_IN_PATH = 256;

/** Host headers already checked with the URL parser (a server sees few distinct ones). */
const checkedHosts = new Map<string, boolean>();

/** Whether `host` is a Host header value the URL parser takes as it is (ports up to 65535). */
export function validHost(host: string): boolean {
  let valid = checkedHosts.get(host);
  if (valid === undefined) {
    valid = host.length <= 255 && HOST.test(host) && URL.canParse(`http://${host}/`);
    if (checkedHosts.size >= 256) checkedHosts.clear();
    checkedHosts.set(host, valid);
  }
  return valid;
}

/** The connection's own address as a URL host, for a request whose Host cannot be used. */
function localHost(req: IncomingMessage): string {
  const { localAddress, localPort } = req.socket;
  if (!localAddress) return 'localhost';
  const address = localAddress.startsWith('::ffff:') ? localAddress.slice(7) : localAddress;
  return `${address.includes(':') ? `[${address}]` : address}${localPort ? `:${localPort}` : ''}`;
}

/**
 * The request's Host (RFC 9112 §3.2: an HTTP/1.1 request without one, with two, or with an
 * invalid one is a 400), or the connection's own address for an HTTP/1.0 request without one.
 */
export function requestHost(req: IncomingMessage): string | ApiError {
  let count = 0;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host') count++;
  }
  const host = req.headers.host;
  if (count > 1) return new ApiError('invalid-request', 'The request has more than one Host header.');
  if (host === undefined || host === '') {
    if (req.httpVersionMajor === 1 && req.httpVersionMinor === 0) return localHost(req);
    return new ApiError('invalid-request', 'The Host header is missing: every HTTP/1.1 request must name the host it is for.');
  }
  if (!validHost(host)) return new ApiError('invalid-request', 'The Host header is not a host name or address with an optional port from 0 to 65535.');
  return host;
}

/** The request's headers as Fetch Headers; a header the Fetch API refuses is left out, and reported. */
function fetchHeaders(req: IncomingMessage): { headers: Headers; complete: boolean } {
  // rawHeaders is [name, value, name, value, …]: one Headers built from pairs, no per-header append.
  const pairs: [string, string][] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
  try {
    return { headers: new Headers(pairs), complete: true };
  } catch {
    const headers = new Headers();
    for (const [name, value] of pairs) {
      try {
        headers.append(name, value);
      } catch {
        // Not representable: left out.
      }
    }
    return { headers, complete: false };
  }
}

/**
 * Turns a Node request into a fetch Request. Only a request target that is a path
 * (`/v1/players`, kept on this host even when it starts with `//`) or an absolute http(s) URL is
 * one; `maxUrlBytes` caps its length (414). Methods the Fetch API forbids (TRACE) are 405s.
 */
export function toFetchRequest(req: IncomingMessage, scheme: 'http' | 'https', maxUrlBytes: number): FetchRequest {
  const method = req.method ?? 'GET';
  const target = req.url ?? '/';
  const host = requestHost(req);
  const origin = `${scheme}://${typeof host === 'string' ? host : localHost(req)}`;
  const { headers, complete } = fetchHeaders(req);

  let refused: ApiError | null = host instanceof ApiError ? host : null;
  if (!refused && target.length > maxUrlBytes) {
    refused = new ApiError('uri-too-long', `The request target is ${target.length} bytes long; this server accepts at most ${maxUrlBytes}.`);
  }
  if (!refused && FORBIDDEN_METHODS.has(method.toUpperCase())) {
    refused = new ApiError('method-not-allowed', `${method.slice(0, 20)} is not supported: the API is read-only and accepts GET and HEAD only.`, {
      headers: { allow: ALLOWED_METHODS },
    });
  }
  // Origin-form is appended to this origin, never resolved against it: `//evil.com/x` is a path here.
  const url = target.startsWith('/') ? `${origin}${target}` : /^https?:\/\//i.test(target) && URL.canParse(target) ? target : null;
  if (!refused && url === null) refused = new ApiError('invalid-request', 'The request target must be a path (such as /v1) or an absolute http(s) URL.');
  if (!refused && !complete) refused = new ApiError('invalid-request', 'A request header has a value that cannot be read.');

  if (!refused) {
    try {
      const hasBody = method !== 'GET' && method !== 'HEAD';
      const init = { method, headers, ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}) };
      return { request: new Request(url!, init as RequestInit) };
    } catch {
      refused = new ApiError('invalid-request', 'The request cannot be read as an HTTP request to this server.');
    }
  }
  return { refused, standIn: standIn(req, origin, url, headers) };
}

/** GET (HEAD for a HEAD) on the same origin with the first part of the path, or `/`. */
function standIn(req: IncomingMessage, origin: string, url: string | null, headers: Headers): Request {
  let path = '/';
  if (url !== null && URL.canParse(url)) {
    const pathname = new URL(url).pathname;
    path = pathname.length > STAND_IN_PATH ? pathname.slice(0, STAND_IN_PATH) : pathname;
  }
  const method = req.method === 'HEAD' ? 'HEAD' : 'GET';
  try {
    return new Request(`${origin}${path}`, { method, headers });
  } catch {
    return new Request(`${origin}/`, { method });
  }
}
