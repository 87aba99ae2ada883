import type { ComponentChildren } from 'preact';
import { usePage } from '../PageContext.js';

/** A trail link above the title. */
export interface Crumb {
  href: string;
  label: string;
}

/** The page's title, a lead line, the trail back up, and the link to the page's JSON twin. */
export function PageHead({ title, lead, crumbs, json }: { title: ComponentChildren; lead?: ComponentChildren; crumbs?: Crumb[]; json?: string }) {
  const { links, t } = usePage();
  return (
    <div class="page-head">
      <div>
        {crumbs && crumbs.length > 0 && (
          <nav class="crumbs" aria-label={t('crumbs.label')}>
            {crumbs.map((crumb, i) => (
              <>
                {i > 0 && ' / '}
                <a href={crumb.href}>{crumb.label}</a>
              </>
            ))}
          </nav>
        )}
        <h1>{title}</h1>
        {lead && <p>{lead}</p>}
      </div>
      {json && (
        <a class="json" href={links.api(json)} title={t('json.title')}>
          {t('json.label')}
        </a>
      )}
    </div>
  );
}
