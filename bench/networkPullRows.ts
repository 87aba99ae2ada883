import { type Row, verdict } from './lib/Row.js';
import type { PullBenchResult } from './pull.js';

// The network part's rows (issue 38's targets), judged against the lone servers' pull rows of the
// same run: the 1 %-changed network pull ≤ 5× the 10k server's, its first pull's peak RSS ≤ the
// 50k server's.

export const NETWORK_TARGETS = { pullTimesSingle10k: 5 };

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const ms = (n: number): string => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`);

export function networkPullRows(result: PullBenchResult, people: number, single10k: PullBenchResult | undefined, single50k: PullBenchResult | undefined, sftp: string | null = null): Row[] {
  const size = `${int(result.players)} slots, ${int(people)} people${sftp ? `; ${sftp} over SFTP on loopback` : ''}`;
  const pullTarget = single10k ? NETWORK_TARGETS.pullTimesSingle10k * single10k.median.durationMs : null;
  return [
    {
      part: `pull: network of 5 servers, 1 % of each changed (${result.runtimeLabel})`,
      size,
      result: `${ms(result.median.durationMs)} median of ${result.pulls.length} pulls as logged; all ${result.pulls.map((p) => int(p.durationMs)).join(', ')} ms (${int(result.changedPlayers)} players rewritten, ${int(result.expectedParsed)} files parsed a pull); first (full) pull ${ms(result.first.durationMs)}`,
      against: single10k ? `the 10k server's pull ${ms(single10k.median.durationMs)}` : 'no 10k pull in this run (--sizes 10k --only pull,network)',
      ratio: single10k ? `${(result.median.durationMs / single10k.median.durationMs).toFixed(2)}×` : '',
      target: `≤ ${NETWORK_TARGETS.pullTimesSingle10k}× the 10k pull`,
      status: pullTarget === null ? 'not measured' : verdict(result.median.durationMs <= pullTarget, `${int(result.median.durationMs - pullTarget)} ms over`),
    },
    {
      part: `pull: network of 5 servers, first pull peak RSS (${result.runtimeLabel})`,
      size,
      result: `${int(result.firstPeakMb)} MB peak (VmHWM) over start-up, the first pull and its background writes`,
      against: single50k ? `the 50k server's ${int(single50k.firstPeakMb)} MB` : 'no 50k pull in this run (--sizes 50k --only pull,network)',
      ratio: single50k ? `${(result.firstPeakMb / single50k.firstPeakMb).toFixed(2)}×` : '',
      target: '≤ the 50k server\'s',
      status: single50k ? verdict(result.firstPeakMb <= single50k.firstPeakMb, `${int(result.firstPeakMb - single50k.firstPeakMb)} MB over`) : 'not measured',
    },
  ];
}
