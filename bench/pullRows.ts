import { type Row, verdict } from './lib/Row.js';
import type { LoggedPull, PullBenchResult } from './pull.js';

// The pull part's rows of the benchmark table (same columns as bench/run.ts's rows).

/** Issue 17's targets for `blockstats serve`'s pulls at 10k players. */
export const PULL_TARGETS = { players: 10_000, changedPullMs: 200, firstPeakMb: 350 };

const ms = (n: number): string => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`);
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const phases = (pull: LoggedPull): string => (pull.phases ? `: ${Object.entries(pull.phases).map(([name, value]) => `${name} ${int(value)}`).join(', ')} ms` : '');

export function pullRows(result: PullBenchResult, size: string): Row[] {
  const atTarget = result.players === PULL_TARGETS.players;
  const { median, first } = result;
  return [
    {
      part: `pull: blockstats serve, 1 % changed (${result.runtimeLabel})`,
      size,
      result: `${ms(median.durationMs)} median of ${result.pulls.length} pulls as logged${phases(median)}; all ${result.pulls.map((p) => int(p.durationMs)).join(', ')} ms; server CPU a pull ${int(median.cpuMs ?? Number.NaN)} ms (median pull; all ${result.pulls.map((p) => int(p.cpuMs ?? Number.NaN)).join(', ')} ms) (${int(result.changedPlayers)} players rewritten, ${int(result.expectedParsed)} files parsed a pull${result.discarded > 0 ? `; ${result.discarded} pulls that parsed other files left out` : ''})`,
      against: `first (full) pull ${ms(first.durationMs)}${background(result)}`,
      ratio: `${((median.durationMs / first.durationMs) * 100).toFixed(1)} % of full`,
      target: atTarget ? `≤ ${PULL_TARGETS.changedPullMs} ms` : '',
      status: atTarget ? verdict(median.durationMs <= PULL_TARGETS.changedPullMs, `${int(median.durationMs - PULL_TARGETS.changedPullMs)} ms over`) : '',
    },
    {
      part: `pull: blockstats serve, first pull peak RSS (${result.runtimeLabel})`,
      size,
      result: `${int(result.firstPeakMb)} MB peak (VmHWM) over start-up, the first pull (${ms(first.durationMs)}${phases(first)}) and its background writes; ${int(result.peakMb)} MB at the end of the run`,
      against: '',
      ratio: `${((result.firstPeakMb * 1024) / result.players).toFixed(1)} KB a player`,
      target: atTarget ? `≤ ${PULL_TARGETS.firstPeakMb} MB` : '',
      status: atTarget ? verdict(result.firstPeakMb <= PULL_TARGETS.firstPeakMb, `${int(result.firstPeakMb - PULL_TARGETS.firstPeakMb)} MB over`) : '',
    },
  ];
}

/** What the server does after each measured pull, off the pull's line (medians). */
function background(result: PullBenchResult): string {
  const parts: string[] = [];
  const after = result.pulls.map((p) => p.afterCpuMs).filter((v): v is number => v !== null);
  if (after.length > 0) parts.push(`server CPU until idle again ${int(median(after))} ms (all ${after.map(int).join(', ')} ms)`);
  if (result.persistMs) parts.push(`snapshot.json written in ${ms(result.persistMs.write)}, then a full collection ${ms(result.persistMs.gc)}`);
  else parts.push('snapshot.json not rewritten (at most once per `schedule.persist`, 1h)');
  if (result.lastGood) parts.push(`${int(result.lastGood.players)} players' last good readings written in ${ms(result.lastGood.ms)} (alongside)`);
  return parts.length > 0 ? `; after each pull, in the background: ${parts.join('; ')} (medians)` : '';
}
