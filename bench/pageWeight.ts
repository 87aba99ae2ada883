import { gzipSync } from 'node:zlib';
import { fontRanges, pixelText, styleLinks } from '../test/browser/crawl.js';

// The compressed weight of a website page as a browser downloads it on a first visit, counted as
// the browser suite's crawl counts it: the HTML and the site's own files it links (stylesheet,
// script, icon), the files the stylesheet names that the page uses (the icon sprite; of the
// pixel face's subsets, those whose `unicode-range` holds a character the face draws on this
// page), text gzipped as a server or CDN would send it, fonts and images as they are (already
// compressed, sent unchanged). Player heads from another host are not counted.

/** What one page weighs, in bytes. */
export interface PageWeight {
  html: number;
  htmlGzip: number;
  /** The site's files the page loads (stylesheet, script, icon, sprite, the face's subsets it needs), as sent. */
  filesGzip: number;
  /** Of `filesGzip`, the pixel face's subsets. */
  fonts: number;
  totalGzip: number;
}

const TEXT = /^(?:text\/|image\/svg\+xml|application\/(?:json|javascript))/;

async function sent(url: string): Promise<{ bytes: number; body: string; type: string }> {
  const response = await fetch(url);
  const type = response.headers.get('content-type') ?? '';
  const raw = Buffer.from(await response.arrayBuffer());
  return { bytes: TEXT.test(type) ? gzipSync(raw).length : raw.length, body: TEXT.test(type) ? raw.toString('utf8') : '', type };
}

/** Fetches a page and the site's files it loads from a running server, and weighs them. */
export async function pageWeight(origin: string, path: string): Promise<PageWeight> {
  const html = Buffer.from(await (await fetch(origin + path, { headers: { accept: 'text/html' } })).arrayBuffer());
  const text = html.toString('utf8');
  const chars = [...new Set([...pixelText(text)].map((c) => c.codePointAt(0)!))];
  const linked = new Set([...text.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!));
  const seen = new Set(linked); // a file linked twice (the sprite is preloaded too) is fetched once
  let filesGzip = 0;
  let fonts = 0;
  for (const file of linked) {
    const { bytes, body, type } = await sent(origin + file);
    filesGzip += bytes;
    if (!type.startsWith('text/css')) continue;
    const faces = fontRanges(body);
    for (const link of new Set(styleLinks(body))) {
      const url = new URL(link, origin + file);
      const ranges = faces.get(link);
      if (seen.has(url.pathname) || (ranges && !chars.some((c) => ranges.some(([first, last]) => c >= first && c <= last)))) continue;
      seen.add(url.pathname);
      const size = (await sent(url.href)).bytes;
      filesGzip += size;
      if (ranges) fonts += size;
    }
  }
  const htmlGzip = gzipSync(html).length;
  return { html: html.length, htmlGzip, filesGzip, fonts, totalGzip: htmlGzip + filesGzip };
}
