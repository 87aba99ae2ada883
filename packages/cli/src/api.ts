import { CliError, EXIT } from './errors.js';
import type { LocalApi } from './local.js';

/** The JSON envelope every successful answer has (SPEC "Envelope"). */
export interface Envelope<T = unknown> {
  data: T;
  meta: Record<string, unknown> & { pagination?: Pagination };
}

/** SPEC "Pagination". */
export interface Pagination {
  total: number;
  count: number;
  limit: number;
  offset: number;
  next: string | null;
  previous: string | null;
}

/** A problem answer (RFC 9457) as the router gives it. */
interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
}

/** Builds `path?query` from defined parameters only. */
export function pathWith(path: string, params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * One API answer's envelope. A problem becomes a {@link CliError}: 400 and 404 are the
 * caller's input (exit 2; `onNotFound` may add did-you-mean hints), anything else exit 1.
 */
export async function getJson<T>(api: LocalApi, path: string, onNotFound?: (detail: string) => string): Promise<Envelope<T>> {
  const response = await api.request(path);
  if (response.ok) return (await response.json()) as Envelope<T>;
  let problem: Problem = {};
  try {
    problem = (await response.json()) as Problem;
  } catch {
    // Not JSON: the status alone says enough.
  }
  const detail = problem.detail ?? problem.title ?? `HTTP ${response.status}`;
  if (response.status === 404) throw new CliError(onNotFound ? onNotFound(detail) : detail, EXIT.usage);
  if (response.status === 400) throw new CliError(detail, EXIT.usage);
  throw new CliError(detail, EXIT.failure);
}

/** Every page of a collection, following `meta.pagination.next` (for `--all`). */
export async function getAllPages<T>(api: LocalApi, path: string, onNotFound?: (detail: string) => string): Promise<Envelope<T[]>> {
  const first = await getJson<T[]>(api, path, onNotFound);
  const data = [...first.data];
  let next = first.meta.pagination?.next ?? null;
  while (next) {
    const url = new URL(next);
    const page = await getJson<T[]>(api, `${url.pathname}${url.search}`);
    data.push(...page.data);
    next = page.meta.pagination?.next ?? null;
  }
  const pagination = first.meta.pagination ? { ...first.meta.pagination, count: data.length, limit: data.length, next: null, previous: null } : undefined;
  return { data, meta: { ...first.meta, ...(pagination ? { pagination } : {}) } };
}
