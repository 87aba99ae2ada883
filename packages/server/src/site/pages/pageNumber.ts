import { ApiError } from '../../http/ApiError.js';

/**
 * The page number of a paged list from its `/page/:page` segment (1 without one). Anything
 * but a whole number from 1, and a page past the end, is a 404: such a URL names no page.
 */
export function pageNumber(raw: string | undefined): number {
  if (raw === undefined) return 1;
  if (!/^[1-9]\d{0,6}$/.test(raw)) throw new ApiError('not-found', `There is no page ${raw.slice(0, 20)} of this list.`);
  return Number(raw);
}

/** Throws the 404 of a page past the end of a list of `total` entries, `size` per page. */
export function requireInRange(page: number, total: number, size: number): void {
  if (page > 1 && (page - 1) * size >= total) throw new ApiError('not-found', `This list has no page ${page}.`);
}
