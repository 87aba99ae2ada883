import { capText, cleanText, isolateText } from '@blockstats/svg';
import type { ComponentChildren } from 'preact';
import type { MessageKey } from '../messages.js';
import { usePage } from '../PageContext.js';
import type { NavKey, PageView } from '../PageDefinition.js';
import { sitePaths } from '../sitePaths.js';
import { ServerSwitcher } from './ServerSwitcher.js';
import { ServerField } from './ServerField.js';
import { LanguageField } from './LanguageField.js';
import { LanguageAlternates, LanguageSwitch } from './LanguageSwitch.js';
import { Time } from './Time.js';
import { ThemeSwitch } from './ThemeSwitch.js';
import { THEME_SCRIPT } from '../assets/themeScript.js';

/** The main navigation, in order: key, path, label. Compare needs a server (not exported). */
const NAV: ReadonlyArray<{ key: NavKey; path: string; label: MessageKey; serverOnly?: boolean }> = [
  { key: 'home', path: sitePaths.home, label: 'nav.home' },
  { key: 'stats', path: sitePaths.stats, label: 'nav.stats' },
  { key: 'players', path: sitePaths.players(), label: 'nav.players' },
  { key: 'advancements', path: sitePaths.advancements, label: 'nav.advancements' },
  { key: 'hallOfFame', path: sitePaths.hallOfFame(), label: 'nav.hallOfFame' },
  { key: 'events', path: sitePaths.events, label: 'nav.events' },
  { key: 'activity', path: sitePaths.activity, label: 'nav.activity' },
  { key: 'totals', path: sitePaths.totals, label: 'nav.totals' },
  { key: 'compare', path: sitePaths.compare, label: 'nav.compare', serverOnly: true },
];

/**
 * Longest text in the document's head, in characters: what tabs and link previews (OpenGraph,
 * Twitter cards) show before cutting it themselves.
 */
const LIMITS = { title: 70, siteName: 60, description: 200 } as const;

/** The document around every page: head (meta, previews, assets), header, navigation, footer. */
export function Layout({ view, json, children }: { view: Pick<PageView, 'title' | 'description' | 'nav' | 'image' | 'type'>; json?: string | undefined; children: ComponentChildren }) {
  const { snapshot, links, t, site, path, assetVersion, language } = usePage();
  // Text from the save (names, data packs' titles, the server's name) is cleaned and capped for
  // the tab and for link previews, which show one short line; a page title holding right-to-left
  // text is isolated from the server's name beside it.
  const server = cleanText(snapshot.server.name, LIMITS.siteName);
  const pageTitle = cleanText(view.title, LIMITS.title);
  const title = pageTitle === server ? server : `${isolateText(pageTitle)} · ${isolateText(server)}`;
  // The description embeds isolated values (the translator's): capped, its isolates kept.
  const description = capText(view.description, LIMITS.description);
  const canonical = links.absolute(path === '/' ? '/' : path);
  const asset = (file: string) => links.file(sitePaths.asset(assetVersion, file));
  return (
    <html lang={language.tag}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The saved theme, before anything paints; allowed by its hash in the CSP (siteHeaders). */}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <title>{title}</title>
        <meta name="description" content={description} />
        {canonical && <link rel="canonical" href={canonical} />}
        <link rel="icon" href={asset('icon.svg')} type="image/svg+xml" />
        <link rel="stylesheet" href={asset('site.css')} />
        <link rel="preload" href={asset('icons.webp')} as="image" type="image/webp" />
        {json && <link rel="alternate" type="application/json" href={links.api(json)} />}
        <LanguageAlternates />
        <meta name="theme-color" content="#f1ede4" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#1a1918" media="(prefers-color-scheme: dark)" />
        <meta property="og:site_name" content={server} />
        <meta property="og:title" content={pageTitle} />
        <meta property="og:description" content={description} />
        <meta property="og:type" content={view.type ?? 'website'} />
        {canonical && <meta property="og:url" content={canonical} />}
        {view.image && <meta property="og:image" content={view.image} />}
        {view.image && <meta property="og:image:alt" content={pageTitle} />}
        <meta name="twitter:card" content={view.image ? 'summary_large_image' : 'summary'} />
        <script src={asset('site.js')} defer />
      </head>
      <body>
        <a class="skip" href="#main">{t('layout.skip')}</a>
        <header class="top">
          <div class="wrap">
            <a class="brand" href={links.page(sitePaths.home)}>
              <img src={asset('icon.svg')} alt="" width={28} height={28} />
              <span>{server}</span>
            </a>
            {!site.staticExport && (
              <form class="find" role="search" method="get" action={links.page('/find')}>
                <ServerField />
                <LanguageField />
                <label class="sr-only" for="find-name">{t('find.label')}</label>
                <input id="find-name" type="search" name="name" required maxLength={64} autocomplete="off" spellcheck={false} placeholder={t('find.label')} />
                <button class="btn" type="submit">{t('find.submit')}</button>
              </form>
            )}
            <nav class="nav" aria-label={t('nav.label')}>
              <ul>
                {NAV.filter((item) => !(item.serverOnly && site.staticExport)).map((item) => (
                  <li>
                    <a href={links.page(item.path)} aria-current={view.nav === item.key ? 'page' : undefined}>{t(item.label)}</a>
                  </li>
                ))}
              </ul>
            </nav>
            <ServerSwitcher />
          </div>
        </header>
        <main id="main" class="wrap" tabIndex={-1}>
          {children}
        </main>
        <footer class="foot">
          <div class="wrap">
            <p>
              {snapshot.data_updated_at && <>{t('layout.updated')} <Time iso={snapshot.data_updated_at} withTime relative /></>}
            </p>
            <ul>
              <li><a href={links.api('/v1')}>{t('layout.api')}</a></li>
              <li><a href={links.api('/openapi.json')}>{t('layout.openapi')}</a></li>
              <li>{t('layout.poweredBy')}</li>
            </ul>
            <ThemeSwitch />
            <LanguageSwitch />
          </div>
        </footer>
      </body>
    </html>
  );
}
