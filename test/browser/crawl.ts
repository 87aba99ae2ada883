// The crawler of the browser suite: from the home page, every internal link of every page
// (pages, the site's files, the JSON twins), fetched over HTTP. Pages are crawled in full;
// everything else is checked once. Asked to, it also weighs the heaviest pages of each kind in
// every language the site offers.
import { gzipSync } from 'node:zlib';
import { kindOf } from './pageKinds.js';

/** A page's first visit in one language: its HTML gzipped and the face's subsets its text needs, as sent. */
export interface FirstVisit {
  path: string;
  kind: string;
  lang: string;
  gzip: number;
  fonts: number;
}

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
   * text falls in (`fonts`, as sent: a browser fetches a subset only for the characters of its
   * `unicode-range` that text drawn in the face holds: `pixelText`).
   */
  heaviest: { path: string; gzip: number; fonts: number };
  /** The site's own files (style, script, icons, the sprite) as sent, together, the face's subsets apart. */
  filesGzip: number;
  /** The pixel display face's subsets, all of them, together. */
  fontsGzip: number;
  /** The languages the home page offers (`?lang=` links), in its order. */
  languages: string[];
  /**
   * With `everyLanguage`: the heaviest pages of every kind (`kindOf`), each in every offered
   * language; `heaviest` is then the heaviest of these too.
   */
  visits: FirstVisit[];
}

/** Crawl options. */
export interface CrawlOptions {
  /** Weigh the `perKind` heaviest pages of each kind in every offered language (2 unless told). */
  everyLanguage?: boolean;
  perKind?: number;
}

/**
 * The text a page draws in the pixel face: its h1 and h2 headings, the server's name in the
 * header (`.brand span`) and an error page's code (`.error-code`).
 */
export function pixelText(html: string): string {
  const parts = [
    ...html.matchAll(/<h[12][\s>][\s\S]*?<\/h[12]>/g),
    ...html.matchAll(/<a class="brand"[^>]*>[\s\S]*?<\/a>/g),
    ...html.matchAll(/<[a-z]+ class="error-code"[^>]*>[^<]*</g),
  ];
  return parts.map((m) => m[0].replace(/<[^>]*>?/g, '')).join('');
}

/**
 * The bytes a file takes on the wire: text gzipped, as the server compresses it; fonts and images
 * (WOFF2, WebP: compressed already, which the server sends as they are) as they are.
 */
function sent(type: string, bytes: Uint8Array): number {
  return /^(?:text\/|image\/svg\+xml|application\/(?:json|javascript))/.test(type) ? gzipSync(bytes).length : bytes.length;
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
 * only, and not followed: each is the same site in other words, ten times over. With
 * `everyLanguage`, the heaviest pages of each kind are then fetched and weighed in each of them.
 */
export async function crawl(origin: string, limit = 5_000, options: CrawlOptions = {}): Promise<CrawlResult> {
  const pages: string[] = [];
  const files: string[] = [];
  const broken: string[] = [];
  let filesGzip = 0;
  const fonts = new Map<string, { bytes: number; ranges: Array<[number, number]> }>(); // by path
  const faces = new Map<string, Array<[number, number]>>(); // by path, from the style sheets
  const weighed: Weighed[] = [];
  const languages: string[] = [];
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
      if (path.startsWith('/assets/') && path.endsWith('.woff2')) fonts.set(path, { bytes: sent(type, bytes), ranges: faces.get(path) ?? [[0, 0x10ffff]] });
      else if (path.startsWith('/assets/')) filesGzip += sent(type, bytes); // the sprite's WebP bytes too
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
    weighed.push(weigh(path, bytes, body));
    if (path === '/') for (const link of pageLinks(body)) {
      const tag = new URL(link, origin).searchParams.get('lang');
      if (tag && !languages.includes(tag)) languages.push(tag);
    }
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
  const fontsOf = (chars: Set<number>) => {
    let needed = 0;
    for (const font of fonts.values()) if ([...chars].some((c) => font.ranges.some(([first, last]) => c >= first && c <= last))) needed += font.bytes;
    return needed;
  };
  const visits: FirstVisit[] = [];
  if (options.everyLanguage) {
    for (const { path, tag, kind } of languagePaths(weighed, languages, options.perKind ?? 2)) {
      const target = `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(tag)}`;
      const response = await fetch(`${origin}${target}`, { headers: { accept: 'text/html' } });
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (response.status !== 200) {
        broken.push(`${target} ← (every language): ${response.status}`);
        continue;
      }
      const { gzip, chars } = weigh(target, bytes, new TextDecoder().decode(bytes));
      visits.push({ path: target, kind, lang: tag, gzip, fonts: fontsOf(chars) });
    }
  }
  let heaviest = { path: '', gzip: 0, fonts: 0 };
  for (const { path, gzip, chars } of weighed) {
    const needed = fontsOf(chars);
    if (gzip + needed > heaviest.gzip + heaviest.fonts) heaviest = { path, gzip, fonts: needed };
  }
  for (const { path, gzip, fonts: needed } of visits) if (gzip + needed > heaviest.gzip + heaviest.fonts) heaviest = { path, gzip, fonts: needed };
  const fontsGzip = [...fonts.values()].reduce((sum, font) => sum + font.bytes, 0);
  return { pages, files, broken, heaviest, filesGzip, fontsGzip, languages, visits };
}

/** A page weighed: its HTML gzipped and the characters it draws in the pixel face. */
interface Weighed {
  path: string;
  gzip: number;
  chars: Set<number>;
}

function weigh(path: string, bytes: Uint8Array, html: string): Weighed {
  return { path, gzip: gzipSync(bytes).length, chars: new Set([...pixelText(html)].map((c) => c.codePointAt(0)!)) };
}

/** The `perKind` heaviest pages of each kind (in the default language), each paired with every language. */
function languagePaths(weighed: readonly Weighed[], languages: readonly string[], perKind: number): Array<{ path: string; tag: string; kind: string }> {
  const byKind = new Map<string, Weighed[]>();
  for (const page of weighed) {
    const kind = new URL(page.path, 'http://x').searchParams.has('lang') ? null : kindOf(page.path);
    if (kind) byKind.set(kind, [...(byKind.get(kind) ?? []), page]);
  }
  const out: Array<{ path: string; tag: string; kind: string }> = [];
  for (const [kind, pages] of byKind) {
    for (const { path } of [...pages].sort((a, b) => b.gzip - a.gzip).slice(0, perKind)) for (const tag of languages) out.push({ path, tag, kind });
  }
  return out;
}
