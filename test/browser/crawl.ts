// The crawler of the browser suite: from the home page, every internal link of every page
// (pages, the site's files, the JSON twins), fetched over HTTP. Pages are crawled in full;
// everything else is checked once.
import { gzipSync } from 'node:zlib';

/** What a crawl found. */
export interface CrawlResult {
  /** Every page visited (paths with query). */
  pages: string[];
  /** Every other internal URL checked (assets, JSON twins, images). */
  files: string[];
  /** `url ← page: status` for every link that did not answer 200. */
  broken: string[];
  /** The heaviest page, gzipped (bytes), and the site's own files gzipped together. */
  heaviest: { path: string; gzip: number };
  filesGzip: number;
  /**
   * The pixel display face's subsets, gzipped together, apart from `filesGzip`: a page renders
   * whole without them (`font-display: swap`) and fetches only the ones its headings use.
   */
  fontsGzip: number;
}

/** The entities the renderer writes in attribute values, decoded. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>', '&#39;': "'" };

/** `href`/`src` values of a page (entities decoded). */
export function pageLinks(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!.replace(/&(?:amp|quot|lt|gt|#39);/g, (e) => ENTITIES[e]!));
}

/** `url()` values of a style sheet, `data:` ones left out. */
export function styleLinks(css: string): string[] {
  return [...css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].map((m) => m[1]!).filter((url) => !url.startsWith('data:'));
}

/**
 * Crawls a served site from `/`. A page is an HTML answer; its links on the same origin are
 * followed (fragments dropped); other hosts are never contacted. `limit` bounds the pages.
 * Pages in another language (`?lang=`, the switch on every page) are checked from the home page
 * only, and not followed: each is the same site in other words, ten times over.
 */
export async function crawl(origin: string, limit = 5_000): Promise<CrawlResult> {
  const pages: string[] = [];
  const files: string[] = [];
  const broken: string[] = [];
  let heaviest = { path: '', gzip: 0 };
  let filesGzip = 0;
  let fontsGzip = 0;
  const seen = new Set<string>(['/']);
  const queue: Array<{ path: string; from: string; leaf?: boolean }> = [{ path: '/', from: '(start)' }];
  while (queue.length > 0 && pages.length < limit) {
    const { path, from, leaf } = queue.shift()!;
    const response = await fetch(`${origin}${path}`, { headers: { accept: 'text/html' } });
    const type = response.headers.get('content-type') ?? '';
    const bytes = new Uint8Array(await response.arrayBuffer());
    const body = new TextDecoder().decode(bytes);
    if (response.status !== 200) {
      broken.push(`${path} ← ${from}: ${response.status}`);
      continue;
    }
    if (!type.startsWith('text/html')) {
      files.push(path);
      if (path.startsWith('/assets/') && path.endsWith('.woff2')) fontsGzip += gzipSync(bytes).length;
      else if (path.startsWith('/assets/')) filesGzip += gzipSync(bytes).length; // the sprite's PNG bytes too
      // A style sheet's fonts and images are the site's files too.
      if (type.startsWith('text/css')) {
        for (const url of styleLinks(body).map((link) => new URL(link, `${origin}${path}`))) {
          const target = `${url.pathname}${url.search}`;
          if (url.origin !== origin || seen.has(target)) continue;
          seen.add(target);
          queue.push({ path: target, from: path, leaf: true });
        }
      }
      continue;
    }
    pages.push(path);
    const gzip = gzipSync(body).length;
    if (gzip > heaviest.gzip) heaviest = { path, gzip };
    if (leaf) continue;
    for (const link of pageLinks(body)) {
      const url = new URL(link, `${origin}${path}`);
      if (url.origin !== origin) continue;
      const language = url.searchParams.has('lang');
      if (language && path !== '/') continue;
      const target = `${url.pathname}${url.search}`;
      if (seen.has(target)) continue;
      seen.add(target);
      queue.push({ path: target, from: path, ...(language ? { leaf: true } : {}) });
    }
  }
  return { pages, files, broken, heaviest, filesGzip, fontsGzip };
}
