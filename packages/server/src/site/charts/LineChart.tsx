import { CHART, ChartFrame, type XTick } from './ChartFrame.js';
import { niceMax } from './niceMax.js';

/** Path data of the runs of known points (a null is a gap), y flipped so up is more. */
function paths(points: ReadonlyArray<number | null>, max: number): { line: string; area: string } {
  let line = '';
  let area = '';
  let run: Array<[number, number]> = [];
  const flush = () => {
    if (run.length === 0) return;
    const d = run.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x} ${+(max - y).toFixed(2)}`).join('');
    line += d;
    area += `${d}L${run.at(-1)![0]} ${max}L${run[0]![0]} ${max}Z`;
    run = [];
  };
  points.forEach((point, i) => {
    if (point === null) flush();
    else run.push([i, point]);
  });
  flush();
  return { line, area };
}

/**
 * A server-rendered line chart (players online over time): the line lives in a nested SVG
 * stretched to the plot (strokes keep their width), the labels in the percentage frame.
 * Points are oldest first; null marks a gap (the ping failed).
 */
export function LineChart({ label, points, ticks, formatTick, height = 200 }: {
  label: string;
  points: ReadonlyArray<number | null>;
  ticks: readonly XTick[];
  formatTick: (value: number) => string;
  height?: number;
}) {
  const top = Math.max(0, ...points.map((p) => p ?? 0));
  const max = niceMax(top);
  const empty = top === 0;
  const plot = height - CHART.top - CHART.bottom;
  const { line, area } = paths(points, max);
  return (
    <ChartFrame label={label} height={height} max={max} formatTick={formatTick} ticks={ticks} empty={empty}>
      <svg x="0" y={CHART.top} width="100%" height={plot} viewBox={`0 0 ${Math.max(1, points.length - 1)} ${max}`} preserveAspectRatio="none">
        <path class="area" d={area} />
        <path class="ln" d={line} vector-effect="non-scaling-stroke" />
      </svg>
    </ChartFrame>
  );
}
