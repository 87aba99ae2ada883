import type { WeeklyPoint } from '@blockstats/core';
import { BarChart } from '../charts/BarChart.js';
import { usePage } from '../PageContext.js';
import type { PlayerHistory, StatSeries } from '../playerHistory.js';
import type { SiteFormat } from '../format.js';
import type { Translate } from '../translator.js';

/** A scale label in the unit players read (hours, km, hearts), not the stat's raw unit. */
function scaleOf(points: readonly WeeklyPoint[], t: Translate, format: SiteFormat): { of: (p: WeeklyPoint) => number; label: (n: number) => string } {
  const unit: WeeklyPoint['unit'] | undefined = points[0]?.unit;
  const top = Math.max(0, ...points.map((p) => p.value));
  if (unit === 'ticks') return { of: (p) => p.value / 72_000, label: (n) => t('profile.hours', { count: n, hours: format.any(n) }) };
  if (unit === 'cm' && top >= 100_000) return { of: (p) => p.value / 100_000, label: (n) => t('history.km', { n: format.any(n) }) };
  if (unit === 'cm') return { of: (p) => p.value / 100, label: (n) => t('history.m', { n: format.any(n) }) };
  if (unit === 'tenths_of_heart') return { of: (p) => p.value / 20, label: (n) => t('history.hearts', { count: n, n: format.any(n) }) };
  return { of: (p) => p.value, label: (n) => format.any(n) };
}

/** One statistic's weekly bars, with the figures in a table for screen readers and copying. */
function SeriesChart({ series }: { series: StatSeries }) {
  const { t, format } = usePage();
  const { points } = series;
  const scale = scaleOf(points, t, format);
  // Three dates at most (first, middle, last week): a phone has room for no more.
  const labelled = new Set([0, Math.floor((points.length - 1) / 2), points.length - 1]);
  return (
    <figure class="panel" data-history={series.id}>
      <h3>{series.title}</h3>
      <BarChart
        label={t('history.chartLabel', { stat: series.title, count: points.length })}
        bars={points.map((point) => ({ value: scale.of(point), title: t('history.weekTitle', { week: format.day(point.from), value: point.display }) }))}
        ticks={points.flatMap((point, i) => (labelled.has(i) ? [{ at: ((i + 0.5) / points.length) * 100, label: format.day(point.from) }] : []))}
        formatTick={scale.label}
        height={150}
      />
      <details>
        <summary>{t('chart.showData')}</summary>
        <table class="data data--compact">
          <thead><tr><th scope="col">{t('history.week')}</th><th scope="col" class="num">{series.title}</th></tr></thead>
          <tbody>
            {points.map((point) => (
              <tr><td>{t('history.weekOf', { week: format.day(point.from) })}</td><td class="num">{point.display}</td></tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/**
 * A profile's history (issue 41): weekly gains of play time and of the player's best
 * statistics, as server-rendered SVG bar charts (no script); never finer than a week (the
 * privacy rules). Nothing where no stat history is kept (as the activity section).
 */
export function HistoryCharts({ history }: { history: PlayerHistory }) {
  const { t, format } = usePage();
  if (history === null) return null;
  return (
    <section class="section" aria-labelledby="history">
      <h2 id="history">{t('history.title')}</h2>
      {history.series[0]!.points.length === 0 ? <p class="notice">{t('history.none')}</p> : (
        <>
          {history.since && <p class="muted small">{t('history.since', { date: format.day(history.since) })}</p>}
          <div class="tiles tiles--wide">
            {history.series.map((series) => <SeriesChart series={series} />)}
          </div>
        </>
      )}
    </section>
  );
}
