import type { HourOfDayActivity } from '@blockstats/core';
import { usePage } from '../PageContext.js';
import { BarChart } from './BarChart.js';

/**
 * Average players online by local hour (the API's `hour_of_day`), as bars, with the same
 * figures in a table for screen readers and anyone who wants the numbers.
 */
export function HourChart({ hours }: { hours: readonly HourOfDayActivity[] }) {
  const { t, format } = usePage();
  const average = (h: HourOfDayActivity) => h.average_players ?? 0;
  return (
    <figure>
      <BarChart
        label={t('chart.byHourLabel', { zone: format.timeZone })}
        bars={hours.map((h) => ({ value: average(h), title: t('chart.hourTitle', { hour: format.hour(h.hour), value: format.decimal(average(h)) }) }))}
        ticks={hours.filter((h) => h.hour % 6 === 0).map((h) => ({ at: ((h.hour + 0.5) / 24) * 100, label: format.hour(h.hour) }))}
        formatTick={(n) => format.any(n)}
      />
      <figcaption>{t('chart.byHourCaption', { zone: format.timeZone })}</figcaption>
      <details>
        <summary>{t('chart.showData')}</summary>
        <table class="data">
          <thead><tr><th scope="col">{t('chart.hour')}</th><th scope="col" class="num">{t('chart.averagePlayers')}</th></tr></thead>
          <tbody>
            {hours.map((h) => <tr><td>{format.hour(h.hour)}</td><td class="num">{h.average_players === null ? '–' : format.decimal(h.average_players)}</td></tr>)}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
