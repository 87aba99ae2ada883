import { LANGUAGES } from '@blockstats/server';
import type { LocalApi } from '../local.js';
import type { ExportWriter } from './exportWriter.js';

/** What {@link exportSite} wrote. */
export interface SiteExportResult {
  pages: number;
  files: number;
}

/** The entities our renderer writes in attribute values, decoded. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>', '&#39;': "'" };

/** Every `href` and `src` of a page, entities decoded. */
function references(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!.replace(/&(?:amp|quot|lt|gt|#39);/g, (e) => ENTITIES[e]!));
}

/** Every `url()` of a style sheet (the pixel face's fonts, the icon sprite), unquoted. */
function styleReferences(css: string): string[] {
  return [...css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].map((m) => m[1]!).filter((url) => !url.startsWith('data:'));
}

/** The folder URL a page is written to (`/players/Steve` → `/players/Steve/`). */
const folderOf = (path: string) => (path === '/' ? '/' : `${path}/`);

const languageFolders = new Set(LANGUAGES.map((l) => l.tag));

/**
 * What the router is asked for a page of the export: another offered language's pages are under
 * its tag (`/de/players/Steve` is `/players/Steve?lang=de`), a network server's under
 * `servers/<id>/` (`/servers/skyblock/players/Steve` is `/players/Steve?server=skyblock`), both
 * when both (`/de/servers/skyblock/…`).
 */
function requestOf(page: string, servers: ReadonlySet<string>): string {
  const parts = page.split('/').slice(1);
  const query = new URLSearchParams();
  if (languageFolders.has(parts[0] ?? '')) query.set('lang', parts.shift()!);
  if (parts[0] === 'servers' && parts.length >= 2 && servers.has(decodeURIComponent(parts[1]!))) {
    query.set('server', decodeURIComponent(parts[1]!));
    parts.splice(0, 2);
  }
  const path = `/${parts.join('/')}`;
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Whether a path of the export is an API file (`/v1/…`, also a server's `/servers/<id>/v1/…`). */
const isApiFile = (path: string) => /^(?:\/servers\/[^/]+)?(?:\/v1\/|\/v1\.json$|\/openapi\.json$)/.test(path);

/**
 * Writes the website as static files: every page reachable from the home page, crawled through
 * the router exactly as a browser would follow its links (each page into `<path>/index.html`),
 * and the site's own files (with the fonts and images its style sheet names), in every offered language (the default at the root, the others under
 * `<tag>/`, reached through the language switch). On a network the switcher's links lead the
 * crawl into each server's pages, written under `servers/<id>/` (inside a language's folder).
 * The router must render for a static host (`staticExport`), so every link is relative. A page
 * that answers anything but 200 or cannot be written, or a link to a JSON twin the API export did
 * not write, is reported through `writer` (a warning and a count), never fatal: one hostile entry
 * of the save does not cost the whole site.
 */
export async function exportSite(api: LocalApi, writer: ExportWriter, apiFiles: ReadonlySet<string>, progress: { update(done: number, total: number): void; done(): void }): Promise<SiteExportResult> {
  const origin = 'http://export.invalid';
  const servers = new Set(api.network?.servers.map((s) => s.id) ?? []);
  const queue = ['/'];
  const seen = new Set(queue);
  const assets = new Set<string>();
  let pages = 0;
  let files = 0;

  for (let i = 0; i < queue.length; i++) {
    const page = queue[i]!;
    const response = await api.request(requestOf(page, servers), { accept: 'text/html' });
    const body = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200) {
      writer.problem(`skipped the page ${page}: it answered ${response.status} (linked from an exported page).`);
      continue;
    }
    if (!(await writer.write(`${decodeURIComponent(folderOf(page))}index.html`, body))) continue;
    pages++;
    progress.update(pages, queue.length);
    const base = new URL(folderOf(page), origin);
    for (const reference of references(new TextDecoder().decode(body))) {
      const url = new URL(reference, base);
      if (url.origin !== origin) continue;
      const path = url.pathname;
      if (path.startsWith('/assets/')) {
        assets.add(path);
      } else if (isApiFile(path)) {
        const file = decodeURIComponent(path.slice(1));
        if (!apiFiles.has(file)) writer.problem(`the page ${page} links ${file}, which the API export did not write.`);
      } else {
        const target = path.length > 1 ? path.replace(/\/$/, '') : path;
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
  }
  // A style sheet's own files (fonts, the sprite) join the set as it is walked.
  for (const path of assets) {
    const response = await api.request(path);
    if (response.status !== 200) {
      writer.problem(`skipped ${path}: it answered ${response.status}.`);
      continue;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (path.endsWith('.css')) {
      for (const reference of styleReferences(new TextDecoder().decode(bytes))) {
        const url = new URL(reference, new URL(path, origin));
        if (url.origin === origin && url.pathname.startsWith('/assets/')) assets.add(url.pathname);
      }
    }
    if (await writer.write(decodeURIComponent(path), bytes)) files++;
  }
  progress.done();
  return { pages, files: pages + files };
}
