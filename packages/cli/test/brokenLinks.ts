// Shared by the export tests: an export checked on disk as a static host serves it.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Every `index.html` below a folder: the pages of an exported site. */
export function exportedPages(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...exportedPages(path));
    else if (entry.name === 'index.html') found.push(path);
  }
  return found;
}

/**
 * The links (`href`, `src`) of `pages` that resolve to no file of the export in `out`, as
 * `page → link` lines; external links are left out. Fails at once on a link that is not
 * relative: a static host may serve the export under any path.
 */
export function brokenLinks(out: string, pages: readonly string[]): string[] {
  const broken: string[] = [];
  for (const page of pages) {
    const html = readFileSync(page, 'utf8');
    for (const [, link] of html.matchAll(/\s(?:href|src)="([^"#]*)(?:#[^"]*)?"/g)) {
      if (link === undefined || link === '' || /^[a-z]+:/i.test(link)) continue;
      assert.ok(!link.startsWith('/'), `${relative(out, page)}: ${link} is not relative`);
      const target = resolve(dirname(page), decodeURIComponent(link.replace(/&amp;/g, '&')));
      const file = link.endsWith('/') || link === '.' || link === './' ? join(target, 'index.html') : target;
      if (!existsSync(file) || !statSync(file).isFile()) broken.push(`${relative(out, page)} → ${link}`);
    }
  }
  return broken;
}
