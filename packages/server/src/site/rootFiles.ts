import type { Snapshot } from '@blockstats/core';
import { ApiError } from '../http/ApiError.js';
import { cachePolicies } from '../http/cachePolicy.js';
import { strongEtag } from '../http/etag.js';
import { answer } from '../router/answer.js';
import { faviconIco } from './assets/faviconIco.js';
import type { SiteLinks } from './siteLinks.js';
import { playerSegment, sitePaths } from './sitePaths.js';

/** The files a site answers at its root, where browsers and crawlers look for them. */
export type RootFile = 'favicon.ico' | 'robots.txt' | 'sitemap.xml';

const ROOT_FILES: ReadonlySet<string> = new Set<RootFile>(['favicon.ico', 'robots.txt', 'sitemap.xml']);

/** Most URLs one sitemap may list (the sitemaps protocol's bound; its 50 MB bound is far off). */
export const SITEMAP_MAX_URLS = 50_000;

/** The root file a path names (`/robots.txt`), or null. */
export function rootFile(pathname: string): RootFile | null {
  const name = pathname.slice(1);
  return pathname.startsWith('/') && ROOT_FILES.has(name) ? (name as RootFile) : null;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * Every page of the site worth a search engine's visit, in order of weight (the sections, the
 * leaderboards, the profiles of ranked players, the advancements), at most
 * {@link SITEMAP_MAX_URLS}. Comparisons and filtered lists are left out (robots.txt too).
 */
export function sitemapPaths(snapshot: Snapshot): string[] {
  const paths: string[] = [
    sitePaths.home, sitePaths.stats, sitePaths.players(), sitePaths.advancements, sitePaths.hallOfFame(),
    sitePaths.events, sitePaths.activity, sitePaths.totals,
  ];
  for (const stat of snapshot.stats) paths.push(sitePaths.stat(stat.id));
  for (const player of snapshot.players) if (player.ranked) paths.push(sitePaths.player(playerSegment(snapshot, player)));
  for (const advancement of snapshot.advancements) paths.push(sitePaths.advancement(advancement.id));
  return paths.slice(0, SITEMAP_MAX_URLS);
}

/** The sitemap's XML with absolute URLs on the public base URL. */
export function sitemapXml(snapshot: Snapshot, absolute: (path: string) => string): string {
  const urls = sitemapPaths(snapshot).map((path) => `<url><loc>${escapeXml(absolute(path))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * robots.txt: everything may be crawled but the API, comparisons and query strings (filters,
 * searches: endless variants of the same pages); the sitemap is named when the public base URL
 * is known.
 */
export function robotsTxt(sitemap: string | null): string {
  const lines = ['User-agent: *', 'Disallow: /v1/', 'Disallow: /compare', 'Disallow: /*?', 'Allow: /'];
  // Paths above are from the host's root; a site under a mount path is left to the host's own file.
  if (sitemap) lines.push('', `Sitemap: ${sitemap}`);
  return `${lines.join('\n')}\n`;
}

/** Sitemaps already written, per snapshot and base URL (a snapshot is immutable). */
const sitemaps = new WeakMap<Snapshot, Map<string, string>>();

/**
 * Answers a root file: the ICO (cached for a day), robots.txt and the sitemap (cached like the
 * data, strong ETags, 304s). The sitemap needs absolute URLs: without `base_url` (or a trusted
 * proxy's forwarded host) it is a 404 saying so rather than URLs on a `Host` anyone can send.
 */
export async function serveRootFile(file: RootFile, request: Request, snapshot: Snapshot | null, links: SiteLinks): Promise<Response> {
  let body: string | Uint8Array;
  let type: string;
  let cache: string = cachePolicies.data;
  if (file === 'favicon.ico') {
    body = faviconIco();
    type = 'image/x-icon';
    cache = 'public, max-age=86400';
  } else if (file === 'robots.txt') {
    body = robotsTxt(links.absolute('/sitemap.xml'));
    type = 'text/plain; charset=utf-8';
  } else {
    const base = links.absolute('');
    if (base === null) throw new ApiError('not-found', 'The sitemap lists absolute URLs: it is served once the site knows its public address (base_url).');
    if (!snapshot) throw new ApiError('not-found', 'The sitemap is written after the first statistics are read.');
    let perBase = sitemaps.get(snapshot);
    if (!perBase) sitemaps.set(snapshot, (perBase = new Map()));
    body = perBase.get(base) ?? sitemapXml(snapshot, (path) => links.absolute(path)!);
    if (perBase.size < 8) perBase.set(base, body);
    type = 'application/xml; charset=utf-8';
  }
  const etag = await strongEtag(file === 'favicon.ico' ? 'favicon' : snapshot?.generation ?? 'none', body);
  const headers = new Headers({ 'content-type': type, 'cache-control': cache, 'x-content-type-options': 'nosniff', etag });
  return answer(request, { body, headers, etag, lastModifiedExact: false });
}
