import type { Page, PageParams } from '../snapshot/types.js';
import { QueryError } from './query-error.js';

/** A validated limit and offset. */
export interface PageBounds {
  limit: number;
  offset: number;
}

/**
 * Validates `limit` (an integer ≥ 1, or Infinity for "all") and `offset` (an integer ≥ 0).
 * The core does not clamp to the API's 500: a library caller may ask for everything.
 *
 * @example
 * pageBounds({ offset: 10 }, 50); // { limit: 50, offset: 10 }
 */
export function pageBounds(params: PageParams | undefined, defaultLimit: number): PageBounds {
  const limit = params?.limit ?? defaultLimit;
  const offset = params?.offset ?? 0;
  if (typeof limit !== 'number' || !(limit === Infinity || (Number.isInteger(limit) && limit >= 1))) {
    throw new QueryError('invalid', 'limit', `limit must be an integer of at least 1, got ${String(limit)}`);
  }
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) {
    throw new QueryError('invalid', 'offset', `offset must be an integer of at least 0, got ${String(offset)}`);
  }
  return { limit, offset };
}

/**
 * One page of already ordered records, mapped to their output shape only for the page.
 *
 * @example
 * paginate([1, 2, 3], { limit: 2, offset: 1 }, String); // { items: ['2', '3'], total: 3 }
 */
export function paginate<T, U>(records: readonly T[], bounds: PageBounds, map: (record: T) => U): Page<U> {
  const end = bounds.limit === Infinity ? records.length : bounds.offset + bounds.limit;
  return { items: records.slice(bounds.offset, end).map(map), total: records.length };
}

/**
 * One page of `count` already ordered records known by their position (0 … count - 1), mapped
 * only for the page: `paginate` without an array of every position (a leaderboard's first two
 * of 10,000 players).
 *
 * @example
 * paginatePositions(3, { limit: 2, offset: 1 }, String); // { items: ['1', '2'], total: 3 }
 */
export function paginatePositions<U>(count: number, bounds: PageBounds, map: (position: number) => U): Page<U> {
  const end = bounds.limit === Infinity ? count : Math.min(count, bounds.offset + bounds.limit);
  const items: U[] = [];
  for (let i = bounds.offset; i < end; i++) items.push(map(i));
  return { items, total: count };
}
