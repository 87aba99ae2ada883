import type { DidYouMeanKind } from '@blockstats/core';
import type { ComponentChildren } from 'preact';
import type { PageContext } from './PageContext.js';

/** The main navigation's entries (the current one is marked). */
export type NavKey = 'home' | 'stats' | 'players' | 'advancements' | 'hallOfFame' | 'events' | 'activity' | 'totals' | 'compare';

/** What a page renders: its content and what the layout puts around it. */
export interface PageView {
  /** The page's own title (the `<title>` adds the server's name). */
  title: string;
  /** One sentence for search engines and link previews. */
  description: string;
  /** The navigation entry to mark as current, if any. */
  nav: NavKey | null;
  /** The page's content (inside `<main>`). */
  body: ComponentChildren;
  /** The API target of the page's JSON twin (`/v1/stats/jump`), linked from the page. */
  json?: string;
  /** HTTP status (compare with an unknown player answers 404). Default 200. */
  status?: number;
  /** Absolute URL of a link-preview image (a player's PNG card). */
  image?: string | null;
  /** OpenGraph type. Default `website`. */
  type?: 'website' | 'profile';
}

/** One page of the site, declared as data like the API's routes. */
export interface PageDefinition {
  /** Path pattern from the site's root: `:name` one segment, `:name+` the rest (slashes included). */
  pattern: string;
  /**
   * What the page reads besides the snapshot: the activity record, the live status. They can
   * change without a new snapshot, so they are part of the memo key (and of the ETag).
   */
  uses?: { record?: boolean; live?: boolean };
  /** Needs a server (query forms): not part of the static export. */
  serverOnly?: boolean;
  /** The did-you-mean of the 404 when the path parameter `param` names nothing. */
  notFound?: { kind: DidYouMeanKind; param: string };
  load(context: PageContext): Promise<PageView>;
}
