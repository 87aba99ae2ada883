import { svgHeaders } from '@blockstats/svg';
import { ApiError } from './ApiError.js';
import { problemTypes } from './problemTypes.js';

/** The body of an `application/problem+json` response (RFC 9457 plus our extensions). */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  /** The query parameter or path segment at fault, on `invalid-request`. */
  parameter?: string;
  [extension: string]: unknown;
}

/** Renders an SVG error badge for embed routes: status and a short message, never user input. */
export type ErrorBadgeRenderer = (status: number, message: string) => string;

/** How {@link problemResponse} renders: JSON by default, an SVG badge on embed routes. */
export interface ProblemResponseOptions {
  /** Base of problem `type` URIs, without a trailing slash (DECISIONS 22). */
  problemBase: string;
  /** Request path that produced the error (`instance`). */
  instance: string;
  /** Set on embed routes: the error becomes an SVG badge carrying the real status. */
  svg?: ErrorBadgeRenderer;
}

/**
 * Builds the problem body of an error; any non-{@link ApiError} becomes a bare `internal-error`
 * so nothing about the cause (message, stack, file paths) ever reaches the client.
 */
export function problemBody(error: unknown, problemBase: string, instance: string): ProblemBody {
  const e = error instanceof ApiError ? error : new ApiError('internal-error', 'The server failed to answer this request.');
  const body: ProblemBody = {
    type: `${problemBase}/${e.code}`,
    title: problemTypes[e.code].title,
    status: e.status,
    detail: e.detail,
    instance,
  };
  if (e.parameter !== undefined) body.parameter = e.parameter;
  for (const [key, value] of Object.entries(e.extensions)) {
    if (!(key in body)) body[key] = value;
  }
  return body;
}

/**
 * The one place an error becomes a response: `application/problem+json` with the error's own
 * headers (Allow, Retry-After), or on embed routes an SVG error badge with the same status.
 *
 * @example
 * problemResponse(new ApiError('not-found', 'No stat `jumps`.'), { problemBase: 'https://x/problems', instance: '/v1/stats/jumps' });
 * // 404, content-type application/problem+json, {"type":"https://x/problems/not-found",…}
 */
export function problemResponse(error: unknown, options: ProblemResponseOptions): Response {
  const body = problemBody(error, options.problemBase, options.instance);
  const headers = new Headers(error instanceof ApiError ? error.headers : {});
  // An error describes this moment (a player may exist after the next regeneration): never cache it.
  headers.set('cache-control', 'no-store');
  if (options.svg) {
    for (const [name, value] of Object.entries(svgHeaders)) headers.set(name, value);
    const text = (error instanceof ApiError ? error.badge : undefined) ?? body.title.toLowerCase();
    return new Response(options.svg(body.status, text), { status: body.status, headers });
  }
  headers.set('content-type', 'application/problem+json');
  return new Response(JSON.stringify(body), { status: body.status, headers });
}
