import { problemTypes, type ProblemCode } from './problemTypes.js';

/** What an {@link ApiError} carries besides its code. */
export interface ApiErrorInit {
  /** Query parameter or path segment at fault, for `invalid-request` (served as `parameter`). */
  parameter?: string;
  /** Extra problem members (RFC 9457 extensions), e.g. `corrected_url`. snake_case keys. */
  extensions?: Record<string, unknown>;
  /** Short fixed text for an SVG error badge (never user input), e.g. `player not found`. */
  badge?: string;
  /** Headers the response must carry, e.g. `Allow` on 405 or `Retry-After` on 503. */
  headers?: Record<string, string>;
}

/**
 * The one error handlers throw. `problemResponse` turns it into `application/problem+json` (or an
 * SVG error badge on embed routes); nothing else builds error bodies.
 *
 * @example
 * throw new ApiError('invalid-request', 'limit must be an integer from 1 to 500', { parameter: 'limit' });
 */
export class ApiError extends Error {
  readonly code: ProblemCode;
  readonly status: number;
  readonly detail: string;
  readonly parameter: string | undefined;
  readonly extensions: Record<string, unknown>;
  readonly headers: Record<string, string>;
  readonly badge: string | undefined;

  constructor(code: ProblemCode, detail: string, init: ApiErrorInit = {}) {
    super(detail);
    this.name = 'ApiError';
    this.code = code;
    this.status = problemTypes[code].status;
    this.detail = detail;
    this.parameter = init.parameter;
    this.extensions = init.extensions ?? {};
    this.headers = init.headers ?? {};
    this.badge = init.badge;
  }
}
