import type { ComponentChildren } from 'preact';

/** Vertical layout shared by the charts (pixels): room for the top label and the x labels. */
export const CHART = { top: 18, bottom: 24 } as const;

/** One x-axis label at a horizontal position given in percent of the width. */
export interface XTick {
  at: number;
  label: string;
}

/** Percent with three decimals, for SVG attributes. */
export const pct = (n: number) => `${n.toFixed(3)}%`;

/**
 * The frame every chart draws in: a full-width SVG of fixed height whose x positions are
 * percentages, so the labels keep their size on a phone and on a wide screen (a scaled
 * viewBox would shrink them to nothing). Three gridlines labelled half and the maximum; a chart
 * with nothing above zero (`empty`) labels none, rather than inventing a scale ("1", "0.5 players").
 */
export function ChartFrame({ label, height, max, formatTick, ticks, empty = false, children }: {
  label: string;
  height: number;
  max: number;
  formatTick: (value: number) => string;
  ticks: readonly XTick[];
  empty?: boolean;
  children: ComponentChildren;
}) {
  const plot = height - CHART.top - CHART.bottom;
  const lines = [0, 0.5, 1].map((f) => ({ y: CHART.top + plot * (1 - f), value: max * f }));
  return (
    <svg class="chart" width="100%" height={height} role="img" aria-label={label}>
      {lines.map((line) => <line class="grid" x1="0" x2="100%" y1={line.y} y2={line.y} />)}
      {children}
      {!empty && lines.map((line) => line.value > 0 && <text class="tick" x="0" y={line.y - 5}>{formatTick(line.value)}</text>)}
      {ticks.map((tick) => (
        // Labels near an edge are anchored to it, so they are never cut off.
        <text x={pct(tick.at)} y={height - 6} text-anchor={tick.at < 8 ? 'start' : tick.at > 92 ? 'end' : 'middle'}>{tick.label}</text>
      ))}
    </svg>
  );
}
