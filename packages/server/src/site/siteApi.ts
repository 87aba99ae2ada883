import { ApiError } from '../http/ApiError.js';
import type { JsonResult } from '../router/RouteDefinition.js';

/** Calls one API route in-process: its handler with the query validated as over HTTP. */
export type InvokeRoute = (operationId: string, params: Readonly<Record<string, string>>, query: URLSearchParams) => Promise<JsonResult>;

/** What an API route answered: the Envelope's `data` and `meta`, and the collection's total. */
export interface ApiAnswer<T> {
  data: T;
  meta: Readonly<Record<string, unknown>>;
  /** `meta.pagination.total` of a collection, else null. */
  total: number | null;
}

/** Query values of a call; undefined ones are left out. */
export type ApiQuery = Readonly<Record<string, string | number | boolean | undefined>>;

/**
 * The API as the pages read it: the very route handlers of `/v1` (same queries, same
 * validation, same errors), called in-process, so a page can never show another value than the
 * JSON.
 */
export interface SiteApi {
  /** The route's answer; its errors (404, 400, 503) are thrown as they are. */
  get<T>(operationId: string, params?: Readonly<Record<string, string>>, query?: ApiQuery): Promise<ApiAnswer<T>>;
  /** The same, or null where the route answers 503 (no activity record yet, no ping configured…). */
  optional<T>(operationId: string, params?: Readonly<Record<string, string>>, query?: ApiQuery): Promise<ApiAnswer<T> | null>;
}

/**
 * The page-side API over a router's route invoker.
 *
 * @example
 * const board = await siteApi(invoke).get<LeaderboardEntry[]>('getLeaderboard', { stat_id: 'jump' }, { limit: 100 });
 */
export function siteApi(invoke: InvokeRoute): SiteApi {
  const get = async <T>(operationId: string, params: Readonly<Record<string, string>> = {}, query: ApiQuery = {}): Promise<ApiAnswer<T>> => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
    const result = await invoke(operationId, params, search);
    return { data: result.data as T, meta: result.meta ?? {}, total: result.page?.total ?? null };
  };
  return {
    get,
    async optional(operationId, params, query) {
      try {
        return await get(operationId, params, query);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'unavailable') return null;
        throw error;
      }
    },
  };
}
