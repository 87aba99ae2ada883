import { usePage } from '../PageContext.js';
import type { PagePer } from '../pagePer.js';

/**
 * The second switch of a period board (issues 39 and 41): its total gains or its gains per hour
 * played, as plain links keeping the period, the shown one marked as the current page; per hour,
 * a note on who qualifies. Only on period boards (all time has no hours played to divide by),
 * never in the static export (its pages have no query).
 */
export function PerSwitch({ current, href }: { current: PagePer; href: (per: PagePer) => string }) {
  const { t, site } = usePage();
  if (site.staticExport) return null;
  const options: { per: PagePer; label: string }[] = [
    { per: undefined, label: t('perHour.total') },
    { per: 'hour', label: t('perHour.perHour') },
  ];
  return (
    <>
      <nav class="periods periods--per" aria-label={t('perHour.label')}>
        <ul class="chips chips--plain">
          {options.map(({ per, label }) => (
            <li>
              <a href={href(per)} data-per={per ?? 'total'} aria-current={per === current ? 'page' : undefined}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      {current === 'hour' && <p class="muted small" data-per-note>{t('perHour.note')}</p>}
    </>
  );
}
