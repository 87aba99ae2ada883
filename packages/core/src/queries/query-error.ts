/** Why a query failed: `not_found` maps to HTTP 404, `invalid` to HTTP 400. */
export type QueryErrorCode = 'not_found' | 'invalid';

/**
 * The one error the queries throw. `parameter` names the input at fault (`ids`, `player`,
 * `category`…) so an API can say which one, and `values` lists the offending values when there
 * are several (e.g. every unknown stat id).
 *
 * @example
 * try {
 *   playerStats(snapshot, 'Steve', { ids: ['jump', 'nope'] });
 * } catch (error) {
 *   if (error instanceof QueryError && error.code === 'invalid') console.log(error.parameter, error.values);
 *   // 'ids' [ 'nope' ]
 * }
 */
export class QueryError extends Error {
  override readonly name = 'QueryError';
  readonly code: QueryErrorCode;
  readonly parameter: string;
  readonly values: readonly string[];

  constructor(code: QueryErrorCode, parameter: string, message: string, values: readonly string[] = []) {
    super(message);
    this.code = code;
    this.parameter = parameter;
    this.values = values;
  }
}
