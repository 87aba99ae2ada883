/** `meta.pagination` of a collection response (SPEC "Pagination"). */
export interface Pagination {
  total: number;
  count: number;
  limit: number;
  offset: number;
  /** Absolute URL of the next page, or null on the last page. */
  next: string | null;
  /** Absolute URL of the previous page, or null on the first page. */
  previous: string | null;
}

/**
 * Builds `meta.pagination`. `url` is the public, absolute URL of the current request: next and
 * previous are that URL with only `offset` changed, so every other query parameter (including
 * ones the API ignores) survives.
 *
 * @example
 * pagination(new URL('https://x/v1/players?sort=name&limit=2'), { total: 5, count: 2, limit: 2, offset: 0 });
 * // { total: 5, count: 2, limit: 2, offset: 0, next: 'https://x/v1/players?sort=name&limit=2&offset=2', previous: null }
 */
export function pagination(url: URL, page: { total: number; count: number; limit: number; offset: number }): Pagination {
  const at = (offset: number) => {
    const target = new URL(url);
    target.searchParams.set('offset', String(offset));
    return target.href;
  };
  const { total, count, limit, offset } = page;
  return {
    total,
    count,
    limit,
    offset,
    next: offset + count < total ? at(offset + limit) : null,
    // From past the end, "previous" is the last real page rather than another empty one.
    previous: offset > 0 ? at(Math.max(0, Math.min(offset - limit, Math.ceil(total / limit) * limit - limit))) : null,
  };
}
