import { CHART, ChartFrame, pct, type XTick } from './ChartFrame.js';
import { niceMax } from './niceMax.js';

/** One bar: its value and the tooltip saying what it is. */
export interface Bar {
  value: number;
  title: string;
}

/**
 * A server-rendered bar chart (players online by hour, active players per day): SVG in the
 * page, no script. Pages put the same figures in a table beside it for screen readers.
 *
 * @example
 * <BarChart label="Players online by hour" bars={hours.map((h) => ({ value: h.average_players, title: `${h.hour}:00` }))} ticks={[]} formatTick={String} />
 */
export function BarChart({ label, bars, ticks, formatTick, height = 190 }: {
  label: string;
  bars: readonly Bar[];
  ticks: readonly XTick[];
  formatTick: (value: number) => string;
  height?: number;
}) {
  const top = Math.max(0, ...bars.map((bar) => bar.value));
  const max = niceMax(top);
  const empty = top === 0;
  const plot = height - CHART.top - CHART.bottom;
  const slot = 100 / Math.max(1, bars.length);
  return (
    <ChartFrame label={label} height={height} max={max} formatTick={formatTick} ticks={ticks} empty={empty}>
      {/* Bars grow up from the baseline: the group turns y upside down there, so no bar needs a y (for the page budget). */}
      <g transform={`matrix(1 0 0 -1 0 ${CHART.top + plot})`}>
        {bars.map((bar, i) => (
          <rect class="b" x={pct(i * slot + slot * 0.14)} width={pct(slot * 0.72)} height={Math.max(0, (bar.value / max) * plot).toFixed(1)} rx="2">
            <title>{bar.title}</title>
          </rect>
        ))}
      </g>
    </ChartFrame>
  );
}
