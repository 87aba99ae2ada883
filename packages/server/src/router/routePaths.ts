import { ApiError } from '../http/ApiError.js';
import type { RouteDefinition } from './RouteDefinition.js';

/** Paths under these prefixes are embeds: their errors are SVG badges, not JSON (SPEC Embeds). */
export const EMBED_PREFIXES = ['/v1/badge/', '/v1/card/'];

/**
 * Whether a path's errors are SVG error badges: the SVG embeds. The PNG card answers errors as
 * problems: an SVG body where a PNG was asked for is no image to a chat platform, and a PNG
 * error image would cost a render at the moment the renderer may be refusing work (its 503).
 */
export function svgErrors(path: string): boolean {
  return EMBED_PREFIXES.some((prefix) => path.startsWith(prefix)) && !path.endsWith('.png');
}

/** itty-router pattern of an OpenAPI path: `{id}` → `:id`, greedy ones `:id+`. */
export function ittyPattern(route: RouteDefinition): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => `:${name}${route.pathParams?.[name]?.greedy ? '+' : ''}`);
}

/** Whether a path belongs to the API (`/v1…`, `/openapi.json`, another version) rather than the website. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/openapi.json' || /^\/v\d+(?:\/|$)/i.test(pathname);
}

/** Decodes itty's raw path parameters; bad percent-encoding is a 400 naming the parameter. */
export function decodeParams(raw: Record<string, string> | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw ?? {})) {
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      throw new ApiError('invalid-request', `${name} is not valid percent-encoded UTF-8`, { parameter: name });
    }
  }
  return params;
}
