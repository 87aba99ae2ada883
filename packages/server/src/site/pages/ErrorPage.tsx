import { usePage } from '../PageContext.js';
import { sitePaths } from '../sitePaths.js';

/** A did-you-mean link of a 404. */
export interface Suggestion {
  href: string;
  label: string;
}

/**
 * The body of an error page: the status, what happened in words, the did-you-mean links of a
 * 404, and the way back to the main pages.
 */
export function ErrorBody({ status, heading, detail, suggestions }: { status: number; heading: string; detail: string | null; suggestions: readonly Suggestion[] }) {
  const { t, links } = usePage();
  return (
    <section aria-labelledby="error-title">
      <p class="error-code" aria-hidden="true">{status}</p>
      <h1 id="error-title">{heading}</h1>
      {detail && <p class="muted">{detail}</p>}
      {suggestions.length > 0 && (
        <div class="section">
          <h2>{t('notFound.didYouMean')}</h2>
          <ul class="chips chips--plain">
            {suggestions.map((s) => <li><a href={s.href}><bdi>{s.label}</bdi></a></li>)}
          </ul>
        </div>
      )}
      <div class="section">
        <h2>{t('notFound.tryThese')}</h2>
        <ul class="chips chips--plain">
          <li><a href={links.page(sitePaths.home)}>{t('nav.home')}</a></li>
          <li><a href={links.page(sitePaths.players())}>{t('nav.players')}</a></li>
          <li><a href={links.page(sitePaths.stats)}>{t('nav.stats')}</a></li>
          <li><a href={links.page(sitePaths.advancements)}>{t('nav.advancements')}</a></li>
          <li><a href={links.api('/v1')}>{t('layout.api')}</a></li>
        </ul>
      </div>
    </section>
  );
}
