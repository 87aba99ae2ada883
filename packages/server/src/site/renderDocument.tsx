import type { ComponentChildren } from 'preact';
import { removeControls } from '@blockstats/svg';
import { renderToString } from 'preact-render-to-string';
import { Layout } from './components/Layout.js';
import { PageContextType, type PageContext } from './PageContext.js';
import type { PageView } from './PageDefinition.js';

/**
 * A whole HTML document: the page's content inside the layout, rendered to a string by
 * preact-render-to-string, which escapes every text node and attribute value, then stripped of
 * controls and bidi overrides (`removeControls`).
 */
export function renderDocument(context: PageContext, view: Pick<PageView, 'title' | 'description' | 'nav' | 'image' | 'type' | 'json'>, body: ComponentChildren): string {
  // The last pass: no control character or bidi override reaches a page, whichever path the
  // text took from the save (names and titles are also cleaned where they are shown).
  return removeControls(`<!doctype html>${renderToString(
    <PageContextType.Provider value={context}>
      <Layout view={view} json={view.json}>{body}</Layout>
    </PageContextType.Provider>,
  )}`);
}
