import { staticFile } from './staticFile.js';

/** Query values of a link; undefined ones are left out. */
export type LinkQuery = Readonly<Record<string, string | number | undefined>>;

/**
 * The one way pages write a URL. Served, links are root-relative under the public base URL's
 * path (a site mounted at `https://example.net/stats` links `/stats/players/Steve`); in the
 * static export they are relative to the page, so the files work under any base URL.
 */
export interface SiteLinks {
  /** A page of the site (a path of `sitePaths`), with an optional query and fragment. */
  page(path: string, query?: LinkQuery, fragment?: string): string;
  /** A file of the site (`/assets/…`). */
  file(path: string): string;
  /** The JSON twin under `/v1` (in the export: the exported `.json` file). */
  api(target: string): string;
  /**
   * An absolute URL on the public base URL (canonical links, link previews), or null when that
   * base is only the request's `Host` header (no `base_url`, no trusted proxy): anyone can send
   * `Host: evil.example`, and a page must not point previews there.
   */
  absolute(path: string): string | null;
}

/** Where links are made from. */
export interface SiteLinksInit {
  /** Public base URL without a trailing slash, possibly with a path (`https://example.net/stats`). */
  baseUrl: string;
  /** Path of the page being rendered, from the site's root (`/players/Steve`). */
  current: string;
  /** Relative links for a static host. */
  staticExport: boolean;
  /** Whether `baseUrl` is configured or from a trusted proxy (else absolute links are null). Default true. */
  originTrusted?: boolean;
}

function withQuery(path: string, query: LinkQuery | undefined): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Folder depth of a page in the export: `/` is 0, `/players/Steve` is 2. */
const depth = (path: string) => path.split('/').filter(Boolean).length;

/**
 * The link maker of one page.
 *
 * @example
 * siteLinks({ baseUrl: 'https://x.net/stats', current: '/', staticExport: false }).page('/players/Steve'); // '/stats/players/Steve'
 * siteLinks({ baseUrl: 'https://x.net', current: '/players/Steve', staticExport: true }).page('/stats/jump'); // '../../stats/jump/'
 */
export function siteLinks(init: SiteLinksInit): SiteLinks {
  const prefix = new URL(`${init.baseUrl}/`).pathname.replace(/\/+$/, '');
  const absolute = (path: string) => (init.originTrusted === false ? null : `${init.baseUrl}${path}`);
  if (!init.staticExport) {
    return {
      page: (path, query, fragment) => `${prefix}${withQuery(path, query)}${fragment ? `#${fragment}` : ''}` || '/',
      file: (path) => `${prefix}${path}`,
      api: (target) => `${prefix}${target}`,
      absolute,
    };
  }
  const up = '../'.repeat(depth(init.current));
  return {
    page(path, query, fragment) {
      if (query && Object.values(query).some((v) => v !== undefined && v !== '')) {
        throw new Error(`siteLinks: ${path} with a query cannot be exported as a static page`);
      }
      const folder = path === '/' ? '' : `${path.replace(/^\/+|\/+$/g, '')}/`;
      return `${up}${folder}${fragment ? `#${fragment}` : ''}` || './';
    },
    file: (path) => `${up}${path.replace(/^\/+/, '')}`,
    api: (target) => `${up}${staticFile(target).split('/').map(encodeURIComponent).join('/')}`,
    absolute,
  };
}
