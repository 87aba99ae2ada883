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
  /**
   * The heaviest page on a first visit: its HTML gzipped (bytes) and the pixel face's subsets its
   * headings' text falls in (`fonts`, gzipped: a browser fetches a subset only for the characters
   * of its `unicode-range` that text drawn in the face holds; h1 and h2 are most of that text).
   */
  heaviest: { path: string; gzip: number; fonts: number };
  /** The site's own files (style, script, icons) gzipped together, the face's subsets apart. */
  filesGzip: number;
  /** The pixel display face's subsets, all of them, gzipped together. */
  fontsGzip: number;
}

/** A `unicode-range` value as [first, last] code point pairs. */
function ranges(value: string): Array<[number, number]> {
  return value.split(',').map((part) => {
    const [first, last] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(first!, 16), parseInt(last ?? first!, 16)];
  });
}

/** Each font file's `unicode-range`s in a style sheet, by the file's URL (relative to the sheet). */
export function fontRanges(css: string): Map<string, Array<[number, number]>> {
  const out = new Map<string, Array<[number, number]>>();
  for (const face of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const url = /url\(\s*["']?([^"')]+)["']?\s*\)/.exec(face[1]!)?.[1];
    const range = /unicode-range:\s*([^;}]+)/.exec(face[1]!)?.[1];
    if (url) out.set(url, range ? ranges(range) : [[0, 0x10ffff]]);
  }
  return out;
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
  let filesGzip = 0;
  const fonts = new Map<string, { gzip: number; ranges: Array<[number, number]> }>(); // by path
  const faces = new Map<string, Array<[number, number]>>(); // by path, from the style sheets
  const weighed: Array<{ path: string; gzip: number; chars: Set<number> }> = [];
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
      if (path.startsWith('/assets/') && path.endsWith('.woff2')) fonts.set(path, { gzip: gzipSync(bytes).length, ranges: faces.get(path) ?? [[0, 0x10ffff]] });
      else if (path.startsWith('/assets/')) filesGzip += gzipSync(bytes).length; // the sprite's PNG bytes too
      // A style sheet's fonts and images are the site's files too.
      if (type.startsWith('text/css')) {
        for (const [url, range] of fontRanges(body)) faces.set(new URL(url, `${origin}${path}`).pathname, range);
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
    const headings = [...body.matchAll(/<h[12][\s>][\s\S]*?<\/h[12]>/g)].map((m) => m[0].replace(/<[^>]*>/g, '')).join('');
    weighed.push({ path, gzip: gzipSync(body).length, chars: new Set([...headings].map((c) => c.codePointAt(0)!)) });
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
  // A page's first visit: its HTML and the subsets its characters fall in.
  let heaviest = { path: '', gzip: 0, fonts: 0 };
  for (const { path, gzip, chars } of weighed) {
    let needed = 0;
    for (const font of fonts.values()) if ([...chars].some((c) => font.ranges.some(([first, last]) => c >= first && c <= last))) needed += font.gzip;
    if (gzip + needed > heaviest.gzip + heaviest.fonts) heaviest = { path, gzip, fonts: needed };
  }
  const fontsGzip = [...fonts.values()].reduce((sum, font) => sum + font.gzip, 0);
  return { pages, files, broken, heaviest, filesGzip, fontsGzip };
}
