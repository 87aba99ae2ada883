import { usePage } from '../PageContext.js';
import { periodLabel, SWITCH_PERIODS } from '../pagePeriod.js';

/**
 * The period switch of a board (issue 41): all time, then this week, month, year, last week and
 * last month, as plain links (no script needed), the shown one marked as the current page. A
 * period named in the URL but not offered (`2026-W47`) is marked nowhere. Not in the static
 * export: its pages have no query.
 */
export function PeriodSwitch({ current, href }: { current: string | undefined; href: (period: string | undefined) => string }) {
  const { t, site } = usePage();
  if (site.staticExport) return null;
  const periods = [undefined, ...SWITCH_PERIODS];
  return (
    <nav class="periods" aria-label={t('period.label')}>
      <ul class="chips chips--plain">
        {periods.map((period) => (
          <li>
            <a href={href(period)} data-period={period ?? 'all'} aria-current={period === current ? 'page' : undefined}>{periodLabel(period, t)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
