/**
 * The static file of one API request target, as `blockstats export` writes it and the exported
 * pages link to it: the path plus `.json` (`/v1/stats` → `v1/stats.json`), with a query (later
 * pages) after an `@` (`v1/players@offset=50.json`); paths that already name a file (`.svg`,
 * `.png`, `openapi.json`) keep their name. A host maps URLs to these with one rewrite rule.
 *
 * @example
 * staticFile('/v1/stats/jump'); // 'v1/stats/jump.json'
 * staticFile('/v1/players?offset=50'); // 'v1/players@offset=50.json'
 */
export function staticFile(target: string): string {
  const url = new URL(target, 'http://x');
  const path = decodeURIComponent(url.pathname).replace(/^\/+/, '');
  const query = url.search.slice(1);
  const extension = /\.(svg|png|json)$/.exec(path)?.[0];
  if (extension) return query ? `${path.slice(0, -extension.length)}@${query}${extension}` : path;
  return `${path}${query ? `@${query}` : ''}.json`;
}
