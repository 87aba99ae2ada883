/**
 * The path the router is mounted under (`/stats` serves `/stats/v1/…` and `/stats/openapi.json`).
 * Segments are limited to unreserved characters (RFC 3986 §2.3): the router matches them
 * literally, and every absolute link it writes starts with them unencoded.
 */
const SEGMENTS = /^(?:\/[A-Za-z0-9._~-]+)*$/;

/**
 * Normalises the `basePath` option: `''` for the root, otherwise `/segment[/segment…]` without a
 * trailing slash. Anything else (a full URL, a query, spaces, `..`) is a configuration mistake and
 * throws, naming the value.
 *
 * @example
 * normalizeBasePath('stats/');   // '/stats'
 * normalizeBasePath('/');        // ''
 * normalizeBasePath(undefined);  // ''
 */
export function normalizeBasePath(basePath: string | undefined): string {
  if (basePath === undefined) return '';
  const trimmed = basePath.trim().replace(/\/+$/, '');
  const path = trimmed === '' || trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  if (!SEGMENTS.test(path) || path.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new TypeError(`basePath must be a path such as "/stats" (letters, digits and "-._~" in each segment); got ${JSON.stringify(basePath)}`);
  }
  return path;
}

/**
 * The request path as the router sees it: `pathname` without the base path, or null when the
 * request is not under it. `/stats` and `/stats/` are the base itself (`/`).
 *
 * @example
 * withinBasePath('/stats/v1/players', '/stats'); // '/v1/players'
 * withinBasePath('/statsx/v1', '/stats');        // null
 * withinBasePath('/v1', '');                     // '/v1'
 */
export function withinBasePath(pathname: string, basePath: string): string | null {
  if (basePath === '') return pathname;
  if (!pathname.startsWith(basePath)) return null;
  const rest = pathname.slice(basePath.length);
  if (rest === '') return '/';
  return rest.startsWith('/') ? rest : null;
}
