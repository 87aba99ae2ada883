import type { Snapshot } from '@blockstats/core';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { SiteFormat } from './format.js';
import type { LanguageChoice } from '../i18n/requestLanguage.js';
import type { Messages } from './messages.js';
import type { SiteApi } from './siteApi.js';
import type { SiteLinks } from './siteLinks.js';
import type { SiteNetwork } from './SiteNetwork.js';
import type { ResolvedSiteOptions } from './SiteOptions.js';
import type { Translate } from './translator.js';

/** Everything a page and its components render with. */
export interface PageContext {
  /** The API's routes, called in-process. */
  api: SiteApi;
  snapshot: Snapshot;
  site: ResolvedSiteOptions;
  /** Decoded path parameters of the page's pattern. */
  params: Readonly<Record<string, string>>;
  /** The page URL's query (search forms, compare). */
  query: URLSearchParams;
  /** The page's path from the site's root, e.g. `/players/Steve`. */
  path: string;
  links: SiteLinks;
  t: Translate;
  /** The language the page speaks, and whether its URL chose it (`lang`). */
  language: LanguageChoice;
  /** The page language's messages (the browser script's plural forms). */
  messages: Messages;
  format: SiteFormat;
  /** Version segment of the asset URLs. */
  assetVersion: string;
  /** Whether PNG cards can be rendered (link previews). */
  png: boolean;
  /** The network's servers and the view shown (issue 38); null on a single server. */
  network: SiteNetwork | null;
}

/** The page context, for components deep in the tree. */
export const PageContextType = createContext<PageContext | null>(null);

/** The current page's context (components only render inside a page). */
export function usePage(): PageContext {
  const context = useContext(PageContextType);
  if (!context) throw new Error('usePage: rendered outside a page');
  return context;
}
