/**
 * Case-insensitive substring search over some fields; an empty or missing search matches all.
 *
 * @example
 * matchesSearch('JUMP', ['jump', 'Jumps', null]); // true
 */
export function matchesSearch(search: string | undefined, fields: readonly (string | null)[]): boolean {
  if (search === undefined) return true;
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return fields.some((field) => field !== null && field.toLowerCase().includes(needle));
}
