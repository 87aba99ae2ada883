/**
 * The problem types the API can answer with (SPEC "Errors", DECISIONS 22). Data, not branches:
 * `problemResponse` reads the title from here and the OpenAPI document lists every entry, so a
 * new error class is one row.
 */
export const problemTypes = {
  'invalid-request': { status: 400, title: 'Invalid request', description: 'A query parameter or path segment is malformed or out of range; `parameter` names it. Also a request the server cannot read as one (a missing or malformed Host header, a request target that is not a path).' },
  'not-found': { status: 404, title: 'Not found', description: 'No such player, stat, advancement, event or endpoint.' },
  'unversioned-path': { status: 404, title: 'Missing version prefix', description: 'The path lacks the /v1 prefix; `corrected_url` is the URL to use instead.' },
  'method-not-allowed': { status: 405, title: 'Method not allowed', description: 'Only GET and HEAD are accepted (see the Allow header).' },
  'request-timeout': { status: 408, title: 'Request timeout', description: 'The request line and headers did not arrive within the time this server waits for them; the connection is closed.' },
  'content-too-large': { status: 413, title: 'Content too large', description: 'The request body (or its chunk extensions) is larger than this server reads; the connection is closed.' },
  'uri-too-long': { status: 414, title: 'URI too long', description: 'The request target (path and query) is longer than this server accepts; `detail` gives the limit.' },
  'headers-too-large': { status: 431, title: 'Request header fields too large', description: 'The request line and headers together are larger than this server accepts; `detail` gives the limit. The connection is closed.' },
  'rate-limit-exceeded': { status: 429, title: 'Rate limit exceeded', description: 'Too many requests from this address in the current window; wait Retry-After seconds.' },
  'internal-error': { status: 500, title: 'Internal error', description: 'The server failed; nothing about the cause is disclosed.' },
  unavailable: { status: 503, title: 'Service unavailable', description: 'The data this endpoint needs has not been produced yet or its source is unreachable, or (the PNG card) the server has no room to draw it now; Retry-After is sent when a retry time is known.' },
} as const satisfies Record<string, { status: number; title: string; description: string }>;

/** A stable problem code: the last path segment of a problem `type` URI. */
export type ProblemCode = keyof typeof problemTypes;
