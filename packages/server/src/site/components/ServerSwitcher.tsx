import { cleanText } from '@blockstats/svg';
import { usePage } from '../PageContext.js';

/**
 * The server switcher of a network's site (issue 38): the network and each server as plain links
 * to the current page in that view (no script), the current view marked with `aria-current`.
 * Nothing on a single server.
 */
export function ServerSwitcher() {
  const { network, links, t, site } = usePage();
  if (!network) return null;
  return (
    <nav class="switcher" aria-label={t('switcher.label')}>
      <ul>
        {network.views.map((view) => (
          <li>
            <a
              href={links.inView(view.server?.id ?? null).page(view.path, site.staticExport ? undefined : view.query)}
              aria-current={(view.server?.id ?? null) === (network.current?.id ?? null) ? 'true' : undefined}
            >
              {view.server ? cleanText(view.server.name, 40) : t('switcher.network')}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
