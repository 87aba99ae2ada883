import { usePage } from '../PageContext.js';
import type { LinkQuery } from '../siteLinks.js';

/** The page's own query without `lang`, which each language link sets. */
function ownQuery(query: URLSearchParams): LinkQuery {
  const kept: Record<string, string> = {};
  // The view (`server`) is the link maker's to add: a single server ignores it.
  for (const [name, value] of query) if (name !== 'lang' && name !== 'server' && !(name in kept)) kept[name] = value;
  return kept;
}

/**
 * The language switch of every page: a plain link per offered language to this page in it
 * (`?lang=de`, kept by every link of the page it opens), so it works without JavaScript and
 * each language has its own URL for caches. Nothing when the site offers one language.
 */
export function LanguageSwitch() {
  const { site, links, t, language, query } = usePage();
  if (site.languages.size < 2) return null;
  const kept = site.staticExport ? {} : ownQuery(query);
  return (
    <nav class="langs" aria-label={t('layout.language')}>
      <ul>
        {[...site.languages.values()].map(({ language: l }) => (
          <li>
            <a href={links.language(l.tag, kept)} hreflang={l.tag} lang={l.tag} aria-current={l.tag === language.tag ? 'true' : undefined}>{l.name}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `<link rel="alternate" hreflang>` for every offered language, and `x-default` (the negotiated URL). */
export function LanguageAlternates() {
  const { site, links, query, path } = usePage();
  // Alternates are absolute URLs: none when the public origin is not vouched for.
  if (site.languages.size < 2 || links.absolute(path) === null) return null;
  const kept = site.staticExport ? {} : ownQuery(query);
  return (
    <>
      {[...site.languages.values()].map(({ language: l }) => <link rel="alternate" hreflang={l.tag} href={links.language(l.tag, kept, true) ?? undefined} />)}
      {!site.staticExport && <link rel="alternate" hreflang="x-default" href={links.absolute(path) ?? undefined} />}
    </>
  );
}
