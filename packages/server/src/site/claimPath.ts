import { acceptsHtml, prefersJson } from './negotiate.js';
import { rootFile } from './rootFiles.js';
import type { SiteClaim } from './SiteClaim.js';
import { siteAssets } from './siteAssets.js';
import type { ResolvedSiteOptions } from './SiteOptions.js';
import { matchPage } from './sitePages.js';

const ASSET_PATH = /^\/assets\/([\w-]{1,32})\/([\w.-]{1,32})$/;
/** A player's head drawn from their skin, by the skin's texture hash: immutable like the files. */
const HEAD_PATH = /^\/assets\/heads\/([0-9a-f]{16,128})\.png$/;

/** The site's claim on a request (see `Site.claim`). */
export function claimPath(site: ResolvedSiteOptions, request: Request, pathname: string): SiteClaim | null {
  const head = HEAD_PATH.exec(pathname);
  if (head) return { kind: 'head', hash: head[1]! };
  const root = rootFile(pathname);
  if (root) return { kind: 'root', file: root };
  if (pathname === '/find' && !site.staticExport) return { kind: 'find' };
  const asset = ASSET_PATH.exec(pathname);
  if (asset && Object.hasOwn(siteAssets, asset[2]!)) return { kind: 'asset', version: asset[1]!, file: asset[2]! };
  const accept = request.headers.get('accept');
  const match = matchPage(pathname);
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (match && !(match.page.serverOnly && site.staticExport) && !prefersJson(accept)) return { kind: 'page', match, path };
  if (acceptsHtml(accept)) return { kind: 'missing', path };
  return null;
}
