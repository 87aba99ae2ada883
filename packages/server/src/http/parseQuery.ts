import * as v from 'valibot';
import { ApiError } from './ApiError.js';
import type { QueryParam } from './queryParams.js';

/** The typed, defaulted query a route's parameter declaration produces. */
export type QueryOf<P extends Record<string, QueryParam<unknown>>> = {
  [K in keyof P]: P[K] extends QueryParam<infer T> ? T : never;
};

/**
 * Validates a request's query against a route's declared parameters (DECISIONS 25): unknown
 * parameters are ignored, an empty value counts as absent, a repeated known parameter is an
 * error, and the first malformed one becomes a 400 `invalid-request` naming it (all of them are
 * listed under `errors`).
 *
 * @example
 * parseQuery({ limit: queryParams.limit(50) }, new URLSearchParams('limit=900')); // { limit: 500 }
 */
export function parseQuery<P extends Record<string, QueryParam<unknown>>>(params: P, search: URLSearchParams): QueryOf<P> {
  // Every declared key is present (undefined when absent) so required checks and defaults run.
  const input: Record<string, string | string[] | undefined> = {};
  for (const name of Object.keys(params)) {
    const values = search.getAll(name).filter((value) => value !== '');
    input[name] = values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
  }
  // Every QuerySchema is a valibot schema (the builders make them); the public type hides that.
  const entries = Object.fromEntries(Object.entries(params).map(([name, param]) => [name, param.schema as unknown as v.GenericSchema]));
  const result = v.safeParse(v.object(entries), input, { abortEarly: false });
  if (result.success) return result.output as QueryOf<P>;

  const errors = result.issues.map((issue) => {
    const parameter = v.getDotPath(issue)?.split('.')[0] ?? 'query';
    const detail = Array.isArray(input[parameter]) ? `${parameter} must be given once` : `${parameter} ${issue.message}`;
    return { parameter, detail };
  });
  const first = errors[0]!;
  throw new ApiError('invalid-request', first.detail, { parameter: first.parameter, badge: `invalid ${first.parameter}`, extensions: { errors } });
}
