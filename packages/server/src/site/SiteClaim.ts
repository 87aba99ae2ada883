import type { RootFile } from './rootFiles.js';
import type { PageMatch } from './sitePages.js';

/** A request the site answers: a page, one of its files, or a browser's unknown path (404). */
export type SiteClaim =
  | { kind: 'page'; match: PageMatch; path: string }
  | { kind: 'asset'; file: string; version: string }
  | { kind: 'head'; hash: string }
  | { kind: 'root'; file: RootFile }
  | { kind: 'find' }
  | { kind: 'missing'; path: string };
