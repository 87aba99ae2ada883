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
  /** The same link maker in another view of a network: a server's id, or null for the network. */
  inView(server: string | null): SiteLinks;
  /**
   * The current page in a language (the switcher, `hreflang` alternates): served, the page's own
   * query with `lang`; exported, the page in that language's folder. `absolute` for `hreflang`
   * (null as `absolute()` is).
   */
  language(tag: string, query?: LinkQuery): string;
  language(tag: string, query: LinkQuery | undefined, absolute: true): string | null;
}

/** Where links are made from. */
export interface SiteLinksInit {
  /** Public base URL without a trailing slash, possibly with a path (`https://example.net/stats`). */
  baseUrl: string;
  /** Path of the page being rendered, from the site's root (`/players/Steve`). */
  current: string;
  /** Relative links for a static host. */
  staticExport: boolean;
  /**
   * The network server whose view the page shows (issue 38), or null/absent for the network (or
   * a single server). Served, every link carries `server=<id>` as the API's do; in the export the
   * view's pages and files are under `servers/<id>/`.
   */
  server?: string | null;
  /** A language the URL chose (`lang`): every page link keeps it. Exported: its folder. */
  lang?: string | undefined;
  /** The site's default language: exported at the root, the others under `<tag>/`. */
  defaultLang?: string | undefined;
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
 * siteLinks({ baseUrl: 'https://x.net', current: '/', staticExport: false, server: 'skyblock' }).page('/stats'); // '/stats?server=skyblock'
 */
export function siteLinks(init: SiteLinksInit): SiteLinks {
  return viewLinks(init, init.server ?? null);
}

/** The link maker of the page `init` into the view `server` (the page's own view, or another of the switcher's). */
function viewLinks(init: SiteLinksInit, server: string | null): SiteLinks {
  const prefix = new URL(`${init.baseUrl}/`).pathname.replace(/\/+$/, '');
  const inView = (other: string | null) => viewLinks(init, other);
  if (!init.staticExport) return servedLinks(init, server, prefix, inView);
  // Exported, a language other than the default is under <tag>/, a server's view under
  // servers/<id>/ inside it (its pages; its API files under servers/<id>/ at the root); the
  // site's own files are shared at the root. Links climb out of the page's own folders first.
  const view = server === null ? '' : `servers/${encodeURIComponent(server)}/`;
  const ownView = init.server ? `servers/${encodeURIComponent(init.server)}/` : '';
  const languageFolder = (tag: string | undefined) => (tag && tag !== init.defaultLang ? `${tag}/` : '');
  const own = languageFolder(init.lang);
  const up = '../'.repeat(depth(init.current) + (init.server ? 2 : 0) + (own ? 1 : 0));
  const folderOf = (path: string) => (path === '/' ? '' : `${path.replace(/^\/+|\/+$/g, '')}/`);
  const absolute = (path: string) => (init.originTrusted === false ? null : `${init.baseUrl}${view === '' ? '' : `/${view.slice(0, -1)}`}${path}`);
  return {
    page(path, query, fragment) {
      if (query && Object.values(query).some((v) => v !== undefined && v !== '')) {
        throw new Error(`siteLinks: ${path} with a query cannot be exported as a static page`);
      }
      return `${up}${own}${view}${folderOf(path)}${fragment ? `#${fragment}` : ''}` || './';
    },
    file: (path) => `${up}${path.replace(/^\/+/, '')}`,
    api: (target) => `${up}${view}${staticFile(target).split('/').map(encodeURIComponent).join('/')}`,
    absolute,
    inView,
    language: ((tag: string, _query?: LinkQuery, whole?: boolean) => {
      const path = `${languageFolder(tag)}${ownView}${folderOf(init.current)}`;
      if (!whole) return `${up}${path}` || './';
      return init.originTrusted === false ? null : `${init.baseUrl}/${path}`;
    }) as SiteLinks['language'],
  };
}

/** Served links: root-relative, the view as `server=<id>` and the chosen language as `lang=`. */
function servedLinks(init: SiteLinksInit, server: string | null, prefix: string, inView: (other: string | null) => SiteLinks): SiteLinks {
  const selected = (query: LinkQuery | undefined): LinkQuery | undefined => (server === null ? query : { ...query, server });
  const spoken = (query: LinkQuery | undefined): LinkQuery | undefined => (init.lang && !(query && 'lang' in query) ? { ...query, lang: init.lang } : query);
  const target = (path: string) => (server === null ? path : `${path}${path.includes('?') ? '&' : '?'}server=${encodeURIComponent(server)}`);
  const absolute = (path: string) => (init.originTrusted === false ? null : `${init.baseUrl}${target(path)}`);
  // The query every link of the page carries (view, language), written once: a page of 217 rows links each.
  const always = withQuery('', spoken(selected(undefined)));
  return {
    page: (path, query, fragment) => `${prefix}${query ? withQuery(path, spoken(selected(query))) : `${path}${always}`}${fragment ? `#${fragment}` : ''}` || '/',
    file: (path) => `${prefix}${path}`,
    api: (path) => `${prefix}${target(path)}`,
    absolute,
    inView,
    language: ((tag: string, query?: LinkQuery, whole?: boolean) => {
      const path = withQuery(init.current, { ...selected(query), lang: tag });
      if (!whole) return `${prefix}${path}`;
      return init.originTrusted === false ? null : `${init.baseUrl}${path}`;
    }) as SiteLinks['language'],
  };
}
