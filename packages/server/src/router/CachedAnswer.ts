/**
 * The memo fast lane's contract (see `BlockstatsRouter.answerCached`): what a server adapter
 * knows of a request without building Fetch objects, and a ready answer.
 */

/** A request as a server adapter has it, before any Request object exists. */
export interface RawRequest {
  /** Upper-case method as received. */
  method: string;
  /** Request target as received: path and query, e.g. `/v1/stats/jump?limit=5`. */
  target: string;
  /** `http` or `https` (the connection's own scheme). */
  scheme: 'http' | 'https';
  /**
   * The Host header (a valid one: the Node adapter answers a missing or malformed Host itself),
   * or the connection's own address for an HTTP/1.0 request without one.
   */
  host: string;
  /** A request header by lower-case name (repeated headers joined with `, `), or null. */
  header(name: string): string | null;
  /** The socket's peer address. */
  remoteAddress: string | undefined;
  /**
   * For a HEAD: answer with the body a GET would carry, which the caller does not send but needs
   * to give the HEAD the headers of the GET's encoded form (the Node adapter's compression).
   */
  headBody?: boolean;
}

/** An answer ready to write: status, lower-case headers, body (null for none). */
export interface RawResponse {
  status: number;
  /** Shared between answers: read it, never modify it. */
  headers: Readonly<Record<string, string>>;
  body: Uint8Array | null;
}
