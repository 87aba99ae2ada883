import { gzipSync } from 'node:zlib';

// The compressed weight of a website page as a browser downloads it on a first visit: the HTML
// and the site's own files it links (stylesheet, script, icon), each gzipped as a server or CDN
// would send it. Player heads and advancement icons (external images) are not counted.

/** What one page weighs, in bytes. */
export interface PageWeight {
  html: number;
  htmlGzip: number;
  /** The stylesheet, script and icon the page links, gzipped. */
  filesGzip: number;
  totalGzip: number;
}

/** Fetches a page and the site's files it links from a running server, and weighs them. */
export async function pageWeight(origin: string, path: string): Promise<PageWeight> {
  const html = Buffer.from(await (await fetch(origin + path, { headers: { accept: 'text/html' } })).arrayBuffer());
  const files = [...html.toString('utf8').matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  let filesGzip = 0;
  for (const file of new Set(files)) filesGzip += gzipSync(Buffer.from(await (await fetch(origin + file)).arrayBuffer())).length;
  const htmlGzip = gzipSync(html).length;
  return { html: html.length, htmlGzip, filesGzip, totalGzip: htmlGzip + filesGzip };
}
